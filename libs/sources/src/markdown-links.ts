import { CodeFences } from './code-fences';

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
 * and Docusaurus read them: from the docs folder). Links outside the folder, to the same page
 * (`#anchor`) or from the site's root to a page (`/x`) are left to {@link absoluteLinks}.
 */
export function linksToPages(markdown: string, path: string, publish: (path: string) => string): string {
  const root = 'file:///tree/';
  return rewriteLinks(markdown, (target) => {
    const markdownFromRoot = /^\/[^/?#][^?#]*\.mdx?(?=[?#]|$)/i.test(target);
    if (!markdownFromRoot && (!isRelativeLink(target) || /^[#/?]/.test(target))) return null;
    const [, file = '', suffix = ''] = /^([^#?]*)(.*)$/.exec(target)!;
    const resolved = new URL(markdownFromRoot ? file.slice(1) : file, markdownFromRoot ? root : root + path)
      .pathname;
    if (!resolved.startsWith('/tree/')) return null;
    return publish(decodeURIComponent(resolved.slice('/tree/'.length))) + suffix;
  });
}
