import { attributeEntries } from './asciidoctor-config';
import { referenceWords } from './reference-words';

/** A document title line: `= Title` (level 0). */
const TITLE = /^=\s+(\S.*?)\s*$/m;
/** An `include::` directive line (not followed: see {@link asciidocHtml}). */
const INCLUDE = /^include::[^\n]*\[[^\n]*\]\s*$/gm;
/** An attribute reference, `{name}` (not escaped, `\{name}`). */
const REFERENCE = /(?<!\\)\{([\w][\w-]*)\}/g;
/** An attribute entry, `:name: value` or `:name!:` (unset). */
const ENTRY = /^:!?([\w][\w-]*)!?:/gm;
/**
 * What an undefined attribute that starts a link's target (`{url-org}/issues[the issues]`) is given,
 * so that Asciidoctor still reads a link and shows its text (a link's address is not kept).
 */
const UNKNOWN_URL = 'https://attribute.invalid';
/** A link Asciidoctor made to {@link UNKNOWN_URL}. */
const UNKNOWN_LINK = /<a href="https:\/\/attribute\.invalid[^"]*"[^>]*>([\s\S]*?)<\/a>/g;

/**
 * A link Asciidoctor made for a cross-reference without text whose target it could not title: to
 * another page (its text the page's path, `cli:index.html`) or to an id the document does not
 * hold (its text `[id]`).
 */
const BARE_XREF = /<a href="([^"]*)">([^<]*)<\/a>/g;

/** The attributes Asciidoctor defines itself (`{nbsp}`, `{vbar}`, `{doctitle}`…), read once. */
let intrinsic: Promise<Set<string>> | undefined;

async function intrinsicAttributes(): Promise<Set<string>> {
  intrinsic ??= import('@asciidoctor/core').then(async ({ load }) => {
    const doc = await load('= T', { safe: 'secure' });
    return new Set(Object.keys(doc.getAttributes() as Record<string, unknown>));
  });
  return intrinsic;
}

/**
 * The attributes a document refers to but neither it nor Asciidoctor defines (a site-wide one of
 * the generator's configuration: Antora's playbook), each with what it is given: the address of
 * nothing for one that starts a link's target, so the link shows its text; none for the others,
 * which `attribute-missing: drop` leaves out.
 */
async function undefinedAttributes(source: string): Promise<Record<string, string>> {
  const defined = new Set([...source.matchAll(ENTRY)].map((m) => m[1]!.toLowerCase()));
  const known = await intrinsicAttributes();
  const out: Record<string, string> = {};
  for (const match of source.matchAll(REFERENCE)) {
    const name = match[1]!.toLowerCase();
    if (defined.has(name) || known.has(name) || name in out) continue;
    const after = source.slice(match.index + match[0].length, match.index + match[0].length + 200);
    if (/^[^\s[\]]*\[/.test(after)) out[name] = `${UNKNOWN_URL}@`;
  }
  return out;
}

/**
 * AsciiDoc as HTML, through Asciidoctor.js in its secure mode: `include::` directives are not
 * followed (nor shown), no file or URL is read. Sections keep the ids Asciidoctor gives them
 * (`_install_on_linux`), source blocks their language; the table of contents is left out.
 * Attribute references resolve as Asciidoctor resolves them (the document's entries, those a
 * loader put above its first line: see `withAttributes`); one defined nowhere is dropped rather
 * than shown as `{name}`, and a link whose target starts with one is its text alone. A
 * cross-reference without text to a page or id the document cannot title shows the words of its
 * target (see `referenceWords`), not its path; a loader of many files gives it its target's title.
 */
export async function asciidocHtml(source: string): Promise<string> {
  const { convert, NullLogger } = await import('@asciidoctor/core');
  const text = source.replace(INCLUDE, '');
  const html = await convert(text, {
    safe: 'secure',
    // Asciidoctor's warnings (`section title out of sequence`, `unterminated example block`) are
    // the site's build's to give: written to stderr they were hundreds of lines a folder.
    logger: NullLogger.create(),
    attributes: {
      ...(await undefinedAttributes(text)),
      toc: null,
      showtitle: '',
      'attribute-missing': 'drop',
    },
  });
  // A link to nowhere is its text; a cross-reference shows words, not a path.
  return String(html)
    .replace(UNKNOWN_LINK, '$1')
    .replace(BARE_XREF, (link, href: string, shown: string) => {
      const path = href.split('#')[0]!;
      const bare = href.startsWith('#')
        ? shown === `[${href.slice(1)}]`
        : shown === path && /\.html$/.test(path) && !/^[a-z][\w+.-]*:\/\//i.test(href);
      return bare ? `<a href="${href}">${referenceWords(href)}</a>` : link;
    });
}

/**
 * The title of an AsciiDoc document: its `= Title` line as written (a cross-reference without
 * text is given it, and the referring page's attributes resolve its references).
 */
export function asciidocTitle(source: string): string | undefined {
  return TITLE.exec(titleBlock(source) ?? '')?.[1];
}

/**
 * The title of an AsciiDoc document as its page shows it: the attribute references of its
 * `= Title` line resolved from the entries of the document's header (those a loader put above it,
 * see `withAttributes`, and the document's own: `= {prodname} Server` → `Debezium Server`); one
 * defined in neither is dropped, as in the page's text.
 */
export function asciidocShownTitle(source: string): string | undefined {
  const header = titleBlock(source);
  const title = header && TITLE.exec(header)![1]!;
  if (!header || !title?.includes('{')) return title;
  const values = attributeEntries(header);
  return title
    .replace(REFERENCE, (_, name: string) => values.get(name.toLowerCase()) ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The block of the first three of a document that holds its `= Title` line: its header. */
const titleBlock = (source: string): string | undefined =>
  source.split(/\n\s*\n/, 3).find((block) => TITLE.test(block));
