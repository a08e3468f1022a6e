import { MAX_INCLUDE_DEPTH, readIncludedFile, type ReadIncluded } from './asciidoc-includes';
import { includedFile } from './hugo-includes';
import { markedPart } from './marked-part';

/**
 * An mdBook helper that puts a file in: `{{#include file.rs}}`, `{{#rustdoc_include
 * file.rs:anchor}}`, `{{#playground file.rs editable}}`, not one escaped with a backslash.
 */
const HELPER = /(?<!\\)\{\{#(include|rustdoc_include|playground)\s+([^\s}]+)(?:\s+([^}]*?))?\s*\}\}/g;
/** An anchor's first or last line, in a comment of any language: `// ANCHOR: name`. */
const ANCHOR_LINE = /ANCHOR(_END)?:\s*([\w-]+)/;

/**
 * An mdBook page with its helpers' files put in, as mdBook's `links` preprocessor puts them in
 * (anywhere in the page, code blocks included: that is where they are written): `include` the
 * file's text, or the lines named (`file.rs:2`, `::10`, `2:`, `2:10`) or an anchor's (the lines
 * between `ANCHOR: name` and `ANCHOR_END: name`, without anchor lines); `rustdoc_include` the lines
 * a reader sees (the rest mdBook hides); `playground` the file as a `rust` code block with the
 * attributes named. Paths are from the page's folder; only files under `within` are read; an
 * included Markdown file's own helpers are put in too. A helper whose file cannot be read stays
 * (the mdBook reader drops it).
 */
export async function withMdbookIncludes(
  source: string,
  file: string,
  within: string,
  read: ReadIncluded = readIncludedFile,
  depth = 0,
): Promise<string> {
  if (depth >= MAX_INCLUDE_DEPTH || !source.includes('{{#')) return source;
  const parts: string[] = [];
  let last = 0;
  for (const match of source.matchAll(HELPER)) {
    const [whole, helper, spec = '', attributes] = match;
    const [path = '', ...range] = spec.split(':');
    const found = path ? await includedFile(path, file, within, read) : undefined;
    const lines = found && selectedLines(found.text, range);
    if (lines === undefined) continue;
    const text =
      helper === 'playground'
        ? [
            '```rust' +
              (attributes
                ? `,${attributes
                    .trim()
                    .split(/[\s,]+/)
                    .join(',')}`
                : ''),
            lines,
            '```',
          ].join('\n')
        : await withMdbookIncludes(lines, found!.path, within, read, depth + 1);
    parts.push(source.slice(last, match.index), text);
    last = match.index + whole.length;
  }
  parts.push(source.slice(last));
  return parts.join('');
}

/**
 * The lines of a file an include names: all (without a final newline), a 1-based line range
 * (`['2']` that line, `['', '10']` up to it, `['2', '']` from it, `['2', '10']`), or an anchor's;
 * undefined for an anchor the file does not hold.
 */
function selectedLines(text: string, range: string[]): string | undefined {
  const lines = text.replace(/\n+$/, '').split('\n');
  const [from, to] = range;
  if (from === undefined) return lines.join('\n');
  if (/^\d*$/.test(from) && (to === undefined || /^\d*$/.test(to))) {
    const start = from ? Number(from) - 1 : 0;
    const end = to === undefined ? start + 1 : to ? Number(to) : lines.length;
    return lines.slice(Math.max(0, start), end).join('\n');
  }
  const body = markedPart(lines, from, (line) => {
    const anchor = ANCHOR_LINE.exec(line);
    return anchor && { end: !!anchor[1], name: anchor[2] };
  });
  return body?.join('\n');
}
