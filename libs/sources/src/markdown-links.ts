import { CodeFences } from './code-fences';
import { MARKDOWN_CODE } from './outside-code';

/** A link reference definition: `[id]: target "title"` (not a footnote, `[^1]: text`). */
const DEFINITION = /^(\s{0,3}\[(?!\^)[^\]]+\]:\s*)(<[^>]*>|\S+)(.*)$/;
/** An inline link's or image's target, after `](`. */
const INLINE_TARGET = /(\]\()(<[^>]*>|[^)\s]+)/g;
/** A code span, with the backtick runs that open and close it. */
const CODE_SPAN = /(`+[^`]*`+)/;

/**
 * The Markdown with the targets of its links and images (inline, and reference definitions)
 * replaced by `rewrite`'s answer; a target it answers null for stays. Code blocks and code spans
 * are left alone: a link written in an example is the example's.
 */
export function rewriteLinks(markdown: string, rewrite: (target: string) => string | null): string {
  const replace = (target: string) => {
    const bracketed = target.startsWith('<') && target.endsWith('>');
    const next = rewrite(bracketed ? target.slice(1, -1) : target);
    return next === null ? target : bracketed ? `<${next}>` : next;
  };
  const fences = new CodeFences();
  return markdown
    .split('\n')
    .map((line) => {
      if (fences.read(line)) return line;
      const definition = DEFINITION.exec(line);
      if (definition) return definition[1]! + replace(definition[2]!) + definition[3]!;
      return line
        .split(CODE_SPAN)
        .map((part, i) => (i % 2 ? part : part.replace(INLINE_TARGET, (_, open, t) => open + replace(t))))
        .join('');
    })
    .join('\n');
}

/** Whether a link target is relative to the page it is on: no scheme, not `//host`. */
export function isRelativeLink(target: string): boolean {
  return !/^([a-z][a-z\d+.-]*:|\/\/)/i.test(target);
}

/**
 * A document's relative links made absolute against its URL, as a browser would follow them
 * from its page (a link's address must work where an answer quoting it is read).
 */
export function absoluteLinks(markdown: string, url: string): string {
  return rewriteLinks(markdown, (target) => {
    if (!isRelativeLink(target)) return null;
    try {
      return new URL(target, url).href;
    } catch {
      return null;
    }
  });
}

/**
 * A file's links to other files of its folder (`../guide/install.md#linux`) made links to the
 * pages they are published as: `publish` maps a path inside the folder to its page's URL; so are
 * links from the root to a Markdown file (`/config/server-options.md#server-host`, as VitePress
 * and Docusaurus read them: from the docs folder). Links outside the folder, or outside `within`
 * (the folder the generator reads its pages from: an mdBook's `src/`, whose `../../rustc/x.html`
 * leads to another book of the same site), to the same page (`#anchor`) or from the site's root to
 * a page (`/x`) are left to {@link absoluteLinks}, which follows them from the page's URL; so are,
 * with `markdownOnly`, relative links that name no Markdown file (Jekyll's `../ubuntu/`: its
 * jekyll-relative-links rewrites links to `.md` files only, the browser reads the others).
 */
export function linksToPages(
  markdown: string,
  path: string,
  publish: (path: string) => string,
  within = '',
  markdownOnly = false,
): string {
  const root = 'file:///tree/';
  return rewriteLinks(markdown, (target) => {
    const markdownFromRoot = /^\/[^/?#][^?#]*\.(?:mdx?|markdown)(?=[?#]|$)/i.test(target);
    if (!markdownFromRoot && (!isRelativeLink(target) || /^[#/?]/.test(target))) return null;
    if (markdownOnly && !/^[^?#]*\.(?:mdx?|markdown)(?=[?#]|$)/i.test(target)) return null;
    const [, file = '', suffix = ''] = /^([^#?]*)(.*)$/.exec(target)!;
    const from = markdownFromRoot ? root + within : root + path;
    const resolved = new URL(markdownFromRoot ? file.slice(1) : file, from).pathname;
    if (!resolved.startsWith(`/tree/${within}`)) return null;
    return publish(decodedPath(resolved.slice('/tree/'.length))) + suffix;
  });
}

/** A path's percent-escapes decoded; as written where one is no escape (`{% link x %}` left in a page). */
function decodedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * A reference link or image, `[text][label]`, `[text][]` or `[label]` (not an inline link; the
 * definitions are set aside first); its text may hold one level of brackets and the placeholders of code
 * spans.
 */
const REFERENCE = /(?<!\\)(!?)\[((?:[^[\]\\]|\\.|\[[^[\]]*\])+)\](?:\[([^[\]]*)\])?(?![([])/g;

/** A link label as definitions are matched to references: case and runs of space ignored. */
const labelKey = (label: string) => label.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Reference-style links and images (`[text][label]`, `[text][]`, `[label]`) written inline with
 * their definition's target and title, and the definitions dropped: a chunk quoted from the page
 * then holds the link wherever the page defines it (Cargo's pages define `[crates.io]:
 * https://crates.io/` at their end, so quotes showed "publish it on [crates.io]!" as bracketed
 * text). A label may run over lines (`[Rust\nrepository]`), not paragraphs. A reference no
 * definition names stays as written; code blocks and spans are left alone.
 */
export function inlineReferenceLinks(markdown: string): string {
  if (!/^ {0,3}\[(?!\^)[^\]]+\]:/m.test(markdown)) return markdown;
  const definitions = new Map<string, string>();
  const kept: string[] = [];
  const fences = new CodeFences();
  for (const line of markdown.split('\n')) {
    const definition = fences.read(line) ? null : DEFINITION.exec(line);
    if (!definition) {
      kept.push(line);
      continue;
    }
    const key = labelKey(/\[([^\]]+)\]/.exec(definition[1]!)![1]!);
    const title = definition[3]!.trim();
    if (!definitions.has(key)) definitions.set(key, title ? `${definition[2]} ${title}` : definition[2]!);
  }
  if (!definitions.size) return markdown;
  // Code set aside; a link's text may hold a code span (`[`cargo login`]`) or a line break.
  const spans: string[] = [];
  const held = kept.join('\n').replace(MARKDOWN_CODE, (span) => `\u0001${spans.push(span) - 1}\u0001`);
  const put = (text: string) => text.replace(/\u0001(\d+)\u0001/g, (_, i: string) => spans[Number(i)]!);
  return put(
    held.replace(REFERENCE, (whole, bang: string, text: string, label: string | undefined) => {
      const target = !/\n[ \t]*\n/.test(whole) && definitions.get(labelKey(put(label || text)));
      return target ? `${bang}[${text}](${target})` : whole;
    }),
  );
}
