import { dirname, join, resolve } from 'node:path';
import { isUnder, MAX_INCLUDE_DEPTH, readIncludedFile, type ReadIncluded } from './asciidoc-includes';
import { MINTLIFY_CONFIGS } from './mintlify-site';
import { readFrontMatter } from './parse-document';
import { jsxAttributes } from './strip-mdx';

/**
 * `import Name from './_partial.mdx'`: a Markdown or MDX file a page imports by a relative path,
 * or from its site's root (Mintlify's `import CLIInstall from '/snippets/cli-install.mdx'`).
 */
const PARTIAL_IMPORT = /^import\s+([A-Z][\w$]*)\s+from\s+['"]((?:\.\.?)?\/[^'"]+\.mdx?)['"];?[ \t]*$/gm;
/** A line that is one element of a component, without children: `<Name />`, props allowed. */
const ELEMENT_LINE = /^[ \t]*<([A-Z][\w$]*)(?:\s[^<>]*)?\/>[ \t]*$/;
/** A fence's opening or closing line. */
const FENCE = /^[ \t]*(`{3,}|~{3,})/;

/**
 * Markdown or MDX source with each element of an imported partial (`import Flag from
 * './_flag.mdx'`, then `<Flag />` on a line of its own) replaced by the partial's text without its
 * front matter, as Docusaurus and Mintlify render it where the page places it; a path from `/` is
 * from the site's root (the folder above the page holding Mintlify's `docs.json` or `mint.json`,
 * else `within`), as is Mintlify's older `<Snippet file="x.mdx" />` (from its `snippets/`). Only
 * files under `within` (the folder loaded) are read; an element inside a code block, of a
 * component that is no imported Markdown file, or of a file that cannot be read stays as it was
 * (the MDX reader drops it).
 */
export async function withPartials(
  source: string,
  file: string,
  within: string,
  read: ReadIncluded = readIncludedFile,
  depth = 0,
): Promise<string> {
  const snippets = source.includes('<Snippet ');
  if (depth >= MAX_INCLUDE_DEPTH || (!source.includes('import ') && !snippets)) return source;
  const partials = new Map<string, string>();
  let root: string | undefined;
  const siteRoot = async () => (root ??= await mintlifyRoot(dirname(file), within, read));
  const partial = async (path: string) => {
    if (!isUnder(within, path)) return undefined;
    const text = await read(path);
    const body = text === undefined ? undefined : withoutFrontMatter(text);
    return body === undefined ? undefined : withPartials(body, path, within, read, depth + 1);
  };
  for (const [, name, target = ''] of source.matchAll(PARTIAL_IMPORT)) {
    const from = target.startsWith('/') ? await siteRoot() : dirname(file);
    const body = await partial(resolve(from, target.replace(/^\//, './')));
    if (body !== undefined) partials.set(name!, body);
  }
  for (const [element] of snippets ? source.matchAll(/<Snippet\s[^<>]*\/>/g) : []) {
    const named = jsxAttributes(element).file;
    const body =
      typeof named === 'string' ? await partial(join(await siteRoot(), 'snippets', named)) : undefined;
    if (body !== undefined) partials.set(element, body);
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
      const key = name === 'Snippet' ? line.trim() : name;
      if (!key || !partials.has(key)) return line;
      // At the element's indentation: inside a list item, or a component's indented content.
      const indent = /^[ \t]*/.exec(line)![0];
      return partials.get(key)!.replace(/^(?=.)/gm, indent);
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

/**
 * The root of the Mintlify site a page in `folder` belongs to: the nearest folder from it up to
 * `within` that holds a `docs.json` or `mint.json`; `within` when none does.
 */
async function mintlifyRoot(folder: string, within: string, read: ReadIncluded): Promise<string> {
  for (let dir = folder; dir === within || isUnder(within, dir); dir = dirname(dir)) {
    for (const name of MINTLIFY_CONFIGS) if ((await read(join(dir, name))) !== undefined) return dir;
    if (dir === within || dirname(dir) === dir) break;
  }
  return within;
}
