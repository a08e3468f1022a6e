import { dirname, resolve } from 'node:path';
import { isUnder, MAX_INCLUDE_DEPTH, readIncludedFile, type ReadIncluded } from './asciidoc-includes';
import { readFrontMatter } from './parse-document';

/** `import Name from './_partial.mdx'`: a Markdown or MDX file a page imports by a relative path. */
const PARTIAL_IMPORT = /^import\s+([A-Z][\w$]*)\s+from\s+['"](\.\.?\/[^'"]+\.mdx?)['"];?[ \t]*$/gm;
/** A line that is one element of a component, without children: `<Name />`, props allowed. */
const ELEMENT_LINE = /^[ \t]*<([A-Z][\w$]*)(?:\s[^<>]*)?\/>[ \t]*$/;
/** A fence's opening or closing line. */
const FENCE = /^[ \t]*(`{3,}|~{3,})/;

/**
 * Markdown or MDX source with each element of an imported partial (`import Flag from
 * './_flag.mdx'`, then `<Flag />` on a line of its own) replaced by the partial's text without its
 * front matter, as Docusaurus renders it where the page places it. Only files under `within` (the
 * folder loaded) are read; an element inside a code block, of a component that is no imported
 * Markdown file, or of a file that cannot be read stays as it was (the MDX reader drops it).
 */
export async function withPartials(
  source: string,
  file: string,
  within: string,
  read: ReadIncluded = readIncludedFile,
  depth = 0,
): Promise<string> {
  if (depth >= MAX_INCLUDE_DEPTH || !source.includes('import ')) return source;
  const partials = new Map<string, string>();
  for (const [, name, target] of source.matchAll(PARTIAL_IMPORT)) {
    const path = resolve(dirname(file), target!);
    if (!isUnder(within, path)) continue;
    const text = await read(path);
    const body = text === undefined ? undefined : withoutFrontMatter(text);
    if (body !== undefined) partials.set(name!, await withPartials(body, path, within, read, depth + 1));
  }
  if (!partials.size) return source;
  let fence: string | undefined;
  return source
    .split('\n')
    .map((line) => {
      const mark = FENCE.exec(line)?.[1];
      if (mark && (!fence || (mark[0] === fence[0] && mark.length >= fence.length)))
        fence = fence ? undefined : mark;
      const name = fence ? undefined : ELEMENT_LINE.exec(line)?.[1];
      return name && partials.has(name) ? partials.get(name)! : line;
    })
    .join('\n');
}

/** A partial's text without its front matter and the blank lines around it; undefined if invalid. */
export function withoutFrontMatter(text: string): string | undefined {
  try {
    return readFrontMatter(text)
      .content.replace(/^\s*\n/, '')
      .replace(/\s+$/, '');
  } catch {
    return undefined;
  }
}
