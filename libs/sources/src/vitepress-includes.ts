import { extname } from 'node:path';
import { MAX_INCLUDE_DEPTH, readIncludedFile, type ReadIncluded } from './asciidoc-includes';
import { CodeFences, fencedLines } from './code-fences';
import { includedFile } from './hugo-includes';
import { dedent } from './labelled-block';
import { markedPart } from './marked-part';
import { withoutFrontMatter } from './mdx-partials';

/**
 * A VitePress code snippet import on a line of its own: `<<< @/snippets/setup.js#region{2,4 ts}
 * [label]` (`@/` the source folder, else from the page's folder; a region, highlighted lines and a
 * language, and a label, each optional).
 */
const SNIPPET_LINE =
  /^([ \t]*)<<<\s+((?:@\/|\.{1,2}\/)[^\s#{[]+)(?:#([^\s{[]+))?(?:\{([^}]*)\})?(?:\s+\[([^\]]*)\])?\s*$/;
/** A VitePress Markdown include: `<!--@include: ./parts/basics.md#region{3,}-->` (region and lines optional). */
const INCLUDE_LINE =
  /^([ \t]*)<!--\s*@include:\s*((?:@\/|\.{1,2}\/)?[^\s#{]+)(?:#([^\s{]+))?(?:\{(\d*),?(\d*)\})?\s*-->\s*$/;

/**
 * VitePress Markdown with its code snippet imports (`<<< @/snippets/deploy.yaml#content`) as the
 * fenced code blocks the site shows, the file's text (or the region named: the lines between its
 * `#region name` and `#endregion` comments, dedented) in the language of its extension, or the one
 * named in braces, with the label written after it; and its Markdown includes (`<!--@include:
 * ./parts/basics.md-->`, a region or line range too) as the included file's Markdown. Vite's "Deploy
 * to GitHub Pages" workflow is such an import, the page holds none of it. A path starting `@/` is
 * from the source folder (the nearest folder above the page that holds it), another from the
 * page's folder; only files under `within` are read. A line that names a file that cannot be read,
 * or sits in a code block, stays as written (the VitePress reader drops an import left).
 */
export async function withVitepressIncludes(
  source: string,
  file: string,
  within: string,
  read: ReadIncluded = readIncludedFile,
  depth = 0,
): Promise<string> {
  if (depth >= MAX_INCLUDE_DEPTH || !/^[ \t]*(<<<\s|<!--\s*@include:)/m.test(source)) return source;
  const fences = new CodeFences();
  const lines: string[] = [];
  for (const line of source.split('\n')) {
    const snippet = fences.inside ? null : SNIPPET_LINE.exec(line);
    const include = fences.inside || snippet ? null : INCLUDE_LINE.exec(line);
    fences.read(line);
    const match = snippet ?? include;
    const found = match ? await includedFile(fromSource(match[2]!), file, within, read) : undefined;
    if (!match || !found) {
      lines.push(line);
      continue;
    }
    const [, indent = '', , region, braces, last] = match;
    if (snippet) {
      const text = region ? regionOf(found.text, region) : found.text.replace(/\n+$/, '');
      if (text === undefined) {
        lines.push(line);
        continue;
      }
      const info = `${languageOf(found.path, braces)}${snippet[5] ? ` [${snippet[5]}]` : ''}`;
      lines.push(...fencedLines(info, text).map((l) => (l ? indent + l : l)));
      continue;
    }
    const markdown = withoutFrontMatter(found.text) ?? found.text;
    const part = region ? regionOf(markdown, region) : lineRange(markdown, braces, last);
    if (part === undefined) {
      lines.push(line);
      continue;
    }
    const nested = await withVitepressIncludes(part, found.path, within, read, depth + 1);
    lines.push(...nested.split('\n').map((l) => (l ? indent + l : l)));
  }
  return lines.join('\n');
}

/** A path of an import: `@/x` as `/x` (from the source folder), others as written. */
const fromSource = (path: string): string => (path.startsWith('@/') ? path.slice(1) : path);

/**
 * The fence language of a snippet: the one named in its braces (`{1,3 c#}`, `{ts:line-numbers}`),
 * else its file's extension (`deploy.yaml` → `yaml`).
 */
function languageOf(path: string, braces: string | undefined): string {
  const named = (braces ?? '')
    .split(/\s+/)
    .map((part) => part.replace(/:.*$/, ''))
    .find((part) => part && !/^[\d,-]+$/.test(part));
  return named ?? extname(path).slice(1);
}

/**
 * A region marker, a comment of its own: `// #region x`, `# #region x`, `<!-- #region x -->`,
 * `#region x`, `#endregion` (not a comment that says "region-specific").
 */
const REGION =
  /^\s*(?:\/\/|\/\*|<!--|#|--|\(\*)\s*#?(end)?\s?region(?:\s+([\w.-]+))?\s*(?:-->|\*\/|\*\))?\s*$/i;

/**
 * The lines of a file between its `#region name` and `#endregion` comments (in the comment style
 * of any language), dedented, without the markers of other regions inside; undefined when the file
 * has no such region.
 */
function regionOf(text: string, name: string): string | undefined {
  const body = markedPart(text.split('\n'), name, (line) => {
    const marker = REGION.exec(line);
    return marker && { end: !!marker[1], name: marker[2] };
  });
  return body && dedent(body.join('\n')).replace(/^\n+|\n+$/g, '');
}

/** An include's lines `{from,to}` (1-based, either open), or the whole text without braces. */
function lineRange(text: string, from: string | undefined, to: string | undefined): string {
  if (!from && !to) return text;
  const lines = text.split('\n');
  return lines.slice(from ? Number(from) - 1 : 0, to ? Number(to) : lines.length).join('\n');
}
