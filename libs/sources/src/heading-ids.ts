import { CodeFences } from './code-fences';

/** How a docs generator makes its headings' ids: its slug of a heading's text, and of a repeat. */
export interface HeadingIdRules {
  slug(heading: string): string;
  /** The id of the `n`th repeat of a slug (MkDocs' `install_1`, VitePress's `install-1`). */
  repeat(slug: string, n: number): string;
}

/**
 * Headings with the ids their generator gives them, written `{#id}` for the chunker: a custom id
 * (`{#id}`, `{: #id .class }`) kept, else the generator's slug of the heading's text, repeats
 * numbered its way; attribute lists elsewhere (`{ .md-button }`) dropped. Code blocks are left alone.
 */
export function withHeadingIds(markdown: string, rules: HeadingIdRules): string {
  const seen = new Set<string>();
  const fences = new CodeFences();
  return markdown
    .split('\n')
    .map((line) => {
      if (fences.read(line)) return line;
      const heading = /^(#{1,6}\s+)(.*?)\s*(\{:?\s*([^}]*)\})?\s*#*\s*$/.exec(line);
      if (!heading) return line.replace(/\s*\{:?\s*(?:[.#][\w-]+\s*|[\w-]+="[^"]*"\s*)+\}/g, '');
      const custom = /#([\w-]+)/.exec(heading[4] ?? '')?.[1];
      const slug = rules.slug(heading[2]!);
      let id = custom ?? slug;
      if (!custom) for (let n = 1; seen.has(id); n++) id = rules.repeat(slug, n);
      seen.add(id);
      return `${heading[1]}${heading[2]} {#${id}}`;
    })
    .join('\n');
}

/**
 * A heading's text as its page shows it, from which generators slug its id: images dropped, links
 * as their text, tags, escapes and code backticks dropped, entities and emphasis marks read.
 */
export function headingText(heading: string): string {
  return heading
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/\\([\\`*_{}[\]()#+\-.!<>])/g, '$1')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/`/g, '')
    .replace(/(^|\W)[*_]+|[*_]+(?=\W|$)/g, '$1')
    .trim();
}
