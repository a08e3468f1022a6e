import { CodeFences } from './code-fences';
import { headingText, withHeadingIds, type HeadingIdRules } from './heading-ids';
import { fenceIndentedCode } from './indented-code';
import { labelledBlock, labelOf } from './labelled-block';
import { isRelativeLink, rewriteLinks } from './markdown-links';
import { outsideMarkdownCode } from './outside-code';
import { atxHeadings } from './setext-headings';

/** An mdBook helper left in the text: `{{#title My Title}}`, an include that named no readable file. */
const HELPER = /(?<!\\)\{\{#[a-z_]+(?:\s[^}]*)?\}\}/g;
/** An escaped helper, `\{{#include file.rs}}`: shown as written, without the backslash. */
const ESCAPED_HELPER = /\\(\{\{#)/g;
/** An opening fence and its info string. */
const OPENING = /^(\s*)(`{3,}|~{3,})\s*([^`]*)$/;
/** mdbook-admonish's fence: ```` ```admonish warning title="Data loss" ````. */
const ADMONISH = /^admonish(?:[ \t]+([\w-]+))?(?:.*?\btitle="([^"]*)")?/;

/**
 * mdBook's Markdown as its readers see it: a `rust` code block's hidden lines (`# fn main() {`,
 * rustdoc's) left out and its escaped ones (`## x`) as `# x`, or the lines a block's own
 * `hidelines=PREFIX` hides; a fence's attributes (`rust,ignore,edition2021`) reduced to its language;
 * mdbook-admonish's blocks (```` ```admonish warning ````) as labelled quotes; `{{#title …}}` and
 * helpers whose file was not found dropped, escaped helpers (`\{{#include x}}`) as written; indented
 * code fenced, setext headings as `#` ones, and headings with mdBook's ids (see {@link mdbookSlug};
 * a custom `{#id}` kept). Includes are put in before (see `withMdbookIncludes`).
 */
export function normaliseMdbook(markdown: string): string {
  const prose = outsideMarkdownCode(fenceIndentedCode(markdown), (text) =>
    text.replace(HELPER, '').replace(/^[ \t]+$/gm, ''),
  );
  return withHeadingIds(atxHeadings(codeBlocks(prose)), MDBOOK_IDS)
    .replace(ESCAPED_HELPER, '$1')
    .replace(/\n{3,}/g, '\n\n');
}

/** Code blocks as a reader sees them: hidden lines out, attributes off, admonitions as quotes. */
function codeBlocks(markdown: string): string {
  const fences = new CodeFences();
  const out: string[] = [];
  let block:
    { indent: string; hide: string | undefined; admonish?: { label: string; body: string[] } } | undefined;
  for (const line of markdown.split('\n')) {
    const inside = fences.inside;
    if (!fences.read(line)) {
      out.push(line);
      continue;
    }
    if (!inside) {
      const [, indent = '', fence = '```', info = ''] = OPENING.exec(line) ?? [];
      const [language = '', ...attributes] = info.trim().split(/[\s,]+/);
      const admonish = ADMONISH.exec(info.trim());
      if (admonish) {
        const label = admonish[2] ?? labelOf(admonish[1] ?? 'note');
        block = { indent, hide: undefined, admonish: { label, body: [] } };
        continue;
      }
      const named = attributes.find((a) => a.startsWith('hidelines='))?.slice('hidelines='.length);
      block = { indent, hide: named ?? (language === 'rust' ? '#' : undefined) };
      out.push(`${indent}${fence}${language}`);
      continue;
    }
    if (fences.inside) {
      if (block?.admonish) block.admonish.body.push(line);
      else if (block?.hide === undefined) out.push(line);
      else out.push(...shownLine(line, block.hide));
      continue;
    }
    // The closing fence.
    if (block?.admonish) {
      const quote = labelledBlock(block.admonish.label, block.admonish.body.join('\n'));
      out.push(...quote.split('\n').map((l) => block!.indent + l));
    } else out.push(line);
    block = undefined;
  }
  return out.join('\n');
}

/**
 * A code line as shown, where lines starting with `prefix` are hidden: none when hidden; Rust's
 * (`#`) hides `# x` and a lone `#` but not `#[derive]` or `#!`, and shows `## x` as `# x`.
 */
function shownLine(line: string, prefix: string): string[] {
  const trimmed = line.trimStart();
  const indent = line.slice(0, line.length - trimmed.length);
  if (prefix !== '#') return trimmed.startsWith(prefix) ? [] : [line];
  if (trimmed.startsWith('##')) return [indent + trimmed.slice(1)];
  return trimmed === '#' || trimmed.startsWith('# ') ? [] : [line];
}

/** mdBook's heading ids: its slug, `-1`, `-2`… for repeats. */
const MDBOOK_IDS: HeadingIdRules = { slug: mdbookSlug, repeat: (slug, n) => `${slug}-${n}` };

/**
 * mdBook's slug of a heading (`id_from_content` of its text): lower case, letters, digits, `_` and
 * `-` kept, each space a `-`, anything else dropped (`` `--jobs`: parallel jobs `` →
 * `--jobs-parallel-jobs`); `section` when nothing is left.
 */
export function mdbookSlug(heading: string): string {
  const id = headingText(heading)
    .toLowerCase()
    .replace(/\s/g, '-')
    .replace(/[^\p{L}\p{N}_-]/gu, '');
  return id || 'section';
}

/**
 * An mdBook page's relative links to Markdown files outside the book (`../../rustc/codegen-options/index.md`,
 * another book of the same site) as mdBook writes every such link: to the `.html` page. Run after
 * the book's own links lead to their pages (see `linksToPages`), so those left are outside it.
 */
export function mdbookOutsideLinks(markdown: string): string {
  return rewriteLinks(markdown, (target) =>
    isRelativeLink(target) && /^[^#?]+\.md(?=[#?]|$)/i.test(target)
      ? target.replace(/\.md(?=[#?]|$)/i, '.html')
      : null,
  );
}
