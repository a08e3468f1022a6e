import { extname } from 'node:path';
import { MAX_INCLUDE_DEPTH, readIncludedFile, type ReadIncluded } from './asciidoc-includes';
import { CodeFences, fencedLines } from './code-fences';
import { includedFile } from './hugo-includes';
import { readFrontMatter } from './parse-document';
import { markdocAttributes } from './markdoc-markdown';
import { attributeText } from './strip-mdx';

/** A Markdoc `partial` or `code-snippet` tag opening a line; the tag may close lines below (`/%}`). */
const INCLUDE_START = /^[ \t]*\{%[ \t]*(partial|code-snippet)(?=[\s/%]|$)/;

/**
 * A Redocly page with what its Markdoc tags put in, as Redocly puts it in: `{% partial
 * file="../_partials/intro.md" /%}` the partial's Markdown (without its front matter; its own
 * partials put in too), `{% code-snippet file="../x.yaml" language="yaml" title="redocly.yaml" /%}`
 * the file as a code block in that language (else its extension's), labelled by its title, the
 * lines `from`–`to` where named. Paths are from the page's folder (from the folder loaded when they
 * start with `/`); only files under `within` are read. A tag whose file cannot be read stays (the
 * Markdoc reader drops it). Code blocks are left alone.
 */
export async function withMarkdocPartials(
  source: string,
  file: string,
  within: string,
  read: ReadIncluded = readIncludedFile,
  depth = 0,
): Promise<string> {
  if (depth >= MAX_INCLUDE_DEPTH || !/\{%[ \t]*(partial|code-snippet)\b/.test(source)) return source;
  const lines = source.split('\n');
  const out: string[] = [];
  const fences = new CodeFences();
  for (let i = 0; i < lines.length; i++) {
    const start = fences.read(lines[i]!) ? null : INCLUDE_START.exec(lines[i]!);
    let end = i;
    while (start && !lines[end]!.includes('%}') && end + 1 < lines.length) end++;
    const tag = start && lines.slice(i, end + 1).join('\n');
    const inner = tag && /\{%[ \t]*[\w-]+([\s\S]*?)\/?[ \t]*%\}[ \t]*$/.exec(tag)?.[1];
    const attributes = inner === null || inner === undefined ? undefined : markdocAttributes(inner);
    const target = attributes && typeof attributes.file === 'string' ? attributes.file : undefined;
    const found = target ? await includedFile(target, file, within, read) : undefined;
    if (!found) {
      out.push(lines[i]!);
      continue;
    }
    i = end;
    if (start![1] === 'partial') {
      const partial = readFrontMatter(found.text).content.replace(/\n+$/, '');
      out.push(await withMarkdocPartials(partial, found.path, within, read, depth + 1));
      continue;
    }
    const language = attributeText(attributes!.language) ?? extname(found.path).slice(1);
    const [from, to] = [Number(attributes!.from) || 1, Number(attributes!.to) || Infinity];
    const code = found.text
      .replace(/\n+$/, '')
      .split('\n')
      .slice(from - 1, to)
      .join('\n');
    const title = attributeText(attributes!.title);
    out.push(...(title ? [`**${title}**:`, ''] : []), ...fencedLines(language, code));
  }
  return out.join('\n');
}
