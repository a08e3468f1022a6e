import { extname } from 'node:path';
import { MAX_INCLUDE_DEPTH, readIncludedFile, type ReadIncluded } from './asciidoc-includes';
import { CodeFences, fencedLines } from './code-fences';
import { includedFile } from './hugo-includes';
import { withoutFrontMatter } from './mdx-partials';
import { jsxAttributes } from './strip-mdx';

/** The opening of a Fumadocs include, on a line of its own: `<include>`, `<include cwd meta='…'>`. */
const OPENING = /^([ \t]*)<include\b([^>]*)>(.*)$/;

/**
 * MDX with its Fumadocs includes (`<include>../headless/page-conventions.mdx</include>`, the path
 * on the tag's line or the lines below it) as its readers see them: a Markdown or MDX file's text,
 * without its front matter and with its own includes put in; any other file as a code block in
 * the language of its extension, with the tag's `meta` (`title="lib/i18n.ts"`) after it. A path
 * is from the page's folder, one with `cwd` from the site's folder (the nearest folder above the
 * page that holds it); only files under `within` are read. An include that names no file that can
 * be read is dropped, as its path is no text of the page; one in a code block stays as written.
 */
export async function withFumadocsIncludes(
  source: string,
  file: string,
  within: string,
  read: ReadIncluded = readIncludedFile,
  depth = 0,
): Promise<string> {
  if (depth >= MAX_INCLUDE_DEPTH || !/^[ \t]*<include\b/m.test(source)) return source;
  const lines = source.split('\n');
  const out: string[] = [];
  const fences = new CodeFences();
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const opening = fences.inside ? null : OPENING.exec(line);
    fences.read(line);
    // Closed on its line or within the three below (a path on a line of its own).
    const end = opening ? closingLine(lines, i) : -1;
    if (!opening || end < 0) {
      out.push(line);
      continue;
    }
    const [, indent = '', attributes = ''] = opening;
    const inner = [opening[3]!, ...lines.slice(i + 1, end + 1)].join('\n');
    const target = inner.slice(0, inner.indexOf('</include>')).trim().replace(/#.*$/, '');
    i = end;
    const named = jsxAttributes(`<include ${attributes}>`);
    const found = target
      ? await includedFile(named.cwd ? `/${target.replace(/^(\.\.?\/)+/, '')}` : target, file, within, read)
      : undefined;
    if (!found) continue;
    const text = /\.mdx?$/i.test(found.path)
      ? await withFumadocsIncludes(
          withoutFrontMatter(found.text) ?? found.text,
          found.path,
          within,
          read,
          depth + 1,
        )
      : codeBlock(found.path, found.text, typeof named.meta === 'string' ? named.meta : '');
    out.push(...text.split('\n').map((l) => (l ? indent + l : l)));
  }
  return out.join('\n');
}

/** The line at or up to three below `start` that closes its include, or -1. */
function closingLine(lines: readonly string[], start: number): number {
  for (let j = start; j < Math.min(lines.length, start + 4); j++)
    if (lines[j]!.includes('</include>')) return j;
  return -1;
}

/** A file's text as a fenced code block in the language of its extension, `meta` after it. */
function codeBlock(path: string, text: string, meta: string): string {
  const info = [extname(path).slice(1), meta.trim()].filter(Boolean).join(' ');
  return fencedLines(info, text.replace(/\n+$/, '')).join('\n');
}
