/**
 * ISO 639-1 language codes, and the country codes docs sites name a language by (`cn` for Chinese,
 * `jp`, `kr`, `tw`, `cz`, `ua`, `vn`): the codes a translation's file or folder is named with.
 */
const LANGUAGE_CODES = new Set(
  (
    'aa ab ae af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs cu cv cy ' +
    'da de dv dz ee el en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu ' +
    'hy hz ia id ie ig ii ik io is it iu ja jv ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb ' +
    'lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na nb nd ne ng nl nn no nr nv ny oc oj om ' +
    'or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so sq sr ss st su sv sw ' +
    'ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu ' +
    'cn jp tw cz ua vn dk gr'
  ).split(' '),
);

/** A language tag as docs sites write it: `ja`, `zh-CN`, `pt_BR`, `zh-hans`, `es-419`. */
const TAG = /^([a-z]{2})(?:[-_]([a-z]{2}|[a-z]{4}|\d{3}))?$/i;

/** Extensions of the pages a translation is one of. */
const PAGE = /\.(md|mdx|markdown|adoc|asciidoc|rst|html?|txt)$/i;

/** A page's file named with its language before its extension: `cache.ja.mdx`, `index.zh-CN.md`. */
const SUFFIXED = /^(.*)\.([a-z]{2}(?:[-_][a-z\d]{2,4})?)(\.[a-z]+)$/i;

/** The language a tag names (`zh-CN` → `zh-cn`), or undefined when it names none. */
function language(tag: string): string | undefined {
  const parts = TAG.exec(tag);
  if (!parts || !LANGUAGE_CODES.has(parts[1]!.toLowerCase())) return undefined;
  // A bare code written in capitals is a word (`IT`, `ID`), not a language.
  if (!parts[2] && tag !== tag.toLowerCase()) return undefined;
  return tag.toLowerCase().replace('_', '-');
}

/** Whether a language is English, the language most sites are written in first. */
const english = (lang: string) => lang === 'en' || lang.startsWith('en-');

/** A page of a site that is the translation of another into a language. */
export interface Translation {
  language: string;
  /** The path of the page it translates, when the site holds one. */
  of?: string;
}

/**
 * The languages of a docs site's pages, from its files' paths, for a site that holds its pages
 * in several languages: which files are translations of the site's pages (of its default
 * language), which files are the pages of the language read, and where each is published.
 */
export interface SiteLanguages {
  /** The languages the site's pages are translated into (not its default language). */
  languages: string[];
  /** A file that is a translation (see {@link Translation}); undefined for a page in the default language. */
  translation(rel: string): Translation | undefined;
  /**
   * Why a file is no page in the language read: a translation into another language, or (a
   * language read) a page of the default language that is translated into it. Undefined for a page.
   */
  skipped(rel: string): string | undefined;
  /**
   * The path a page's URL is made from: a default-language page named with its language
   * (`index.en.md`, every page of such a site so named) is published without it, a page of the
   * language read named with it under the language's folder (`cache.ja.mdx` → `ja/cache.mdx`, as
   * Hugo, Fumadocs and Nextra publish it).
   */
  pagePath(rel: string): string;
}

/**
 * The languages of a site's files (see {@link SiteLanguages}), in the ways generators name
 * translations:
 * - by a language before the extension (Hugo's, Fumadocs' and Nextra's, mkdocs-static-i18n's):
 *   `cache.ja.mdx` beside `cache.mdx`. Without an unnamed one (Hugo's `page.en.md`, Nextra's
 *   `index.en-US.mdx`), English is the default, else the language most pages are in. A bare code
 *   counts where two pages at least are so translated (`tool.ts.md` beside `tool.md` may be no
 *   translation); a tag with its region (`README.zh-CN.md`) counts once.
 * - by a folder named after the language: `fr/guide.md` beside `guide.md` (Starlight's,
 *   VitePress's, mkdocs' and Fumadocs' folder layouts), or beside `en/guide.md` (Hugo's content
 *   folders per language): a folder whose files mostly have their counterpart. Docusaurus keeps its
 *   translations under `i18n/LANG/`.
 * A site with no such files has no translations: every file is a page. The site is read in its
 * default language, or in `read` (a language it is translated into, `ja`): that language's pages,
 * and the default language's where it has none.
 *
 * @throws when `read` names a language other than English that the site is not translated into
 */
export function siteLanguages(rels: readonly string[], read?: string): SiteLanguages {
  const translations = new Map<string, Translation>();
  const renamed = new Map<string, string>();
  const placed = new Map<string, string>();
  const pages = rels.filter((rel) => PAGE.test(rel));
  const known = new Set(pages);
  for (const [rel, translation] of suffixTranslations(pages, known, renamed, placed))
    translations.set(rel, translation);
  for (const [rel, translation] of folderTranslations(pages, known, renamed))
    translations.set(rel, translation);
  const languages = [...new Set([...translations.values()].map((t) => t.language))].sort();
  const wanted = read === undefined ? undefined : read.toLowerCase().replace('_', '-');
  const reading = wanted !== undefined && languages.includes(wanted) ? wanted : undefined;
  if (wanted !== undefined && !reading && languages.length && !english(wanted))
    throw new Error(
      `the site has no pages in ${read}: its pages are translated into ${languages.join(', ')}`,
    );
  // The default language's pages that the language read translates: its translations stand in.
  const replaced = new Map<string, string>();
  for (const [rel, t] of translations) if (t.language === reading && t.of) replaced.set(t.of, rel);
  return {
    languages,
    translation: (rel) => translations.get(rel),
    skipped: (rel) => {
      const translation = translations.get(rel);
      if (translation && translation.language === reading) return undefined;
      if (translation) return translationReason(translation, reading);
      const by = replaced.get(rel);
      return by && `translated into ${reading} (${by} is read)`;
    },
    pagePath: (rel) => {
      const translation = translations.get(rel);
      if (translation && translation.language === reading) return placed.get(rel) ?? rel;
      return renamed.get(rel) ?? rel;
    },
  };
}

/** Translations named with their language before the extension (see {@link siteLanguages}). */
function suffixTranslations(
  pages: readonly string[],
  known: ReadonlySet<string>,
  renamed: Map<string, string>,
  placed: Map<string, string>,
): Map<string, Translation> {
  // Each page's variants, by its path without the language: `docs/cache.mdx` → {'': …, ja: …}.
  const groups = new Map<string, Map<string, string>>();
  for (const rel of pages) {
    const parts = SUFFIXED.exec(rel);
    const lang = parts && language(parts[2]!);
    const key = lang ? `${parts![1]}${parts![3]}` : rel;
    if (!groups.has(key)) groups.set(key, new Map());
    groups.get(key)!.set(lang ?? '', rel);
  }
  // How many pages each language translates; a bare code must translate two.
  const counts = new Map<string, number>();
  for (const variants of groups.values())
    if (variants.size > 1) for (const lang of variants.keys()) counts.set(lang, (counts.get(lang) ?? 0) + 1);
  const languages = [...counts.keys()].filter(
    (lang) => lang && (lang.includes('-') || (counts.get(lang) ?? 0) >= 2),
  );
  if (!languages.length) return new Map();
  const fallback =
    languages.find(english) ?? [...languages].sort((a, b) => (counts.get(b) ?? 0) - (counts.get(a) ?? 0))[0]!;
  const translations = new Map<string, Translation>();
  for (const [key, variants] of groups) {
    const original =
      variants.get('') ?? variants.get(fallback) ?? [...variants].find(([lang]) => english(lang))?.[1];
    for (const [lang, rel] of variants) {
      if (rel === original) {
        if (lang && !known.has(key)) renamed.set(rel, key);
        continue;
      }
      if (!lang || !languages.includes(lang)) continue;
      translations.set(rel, { language: lang, of: original });
      placed.set(rel, `${lang}/${key}`);
    }
  }
  return translations;
}

/**
 * Translations in a folder named after their language (see {@link siteLanguages}); the pages of
 * the default language's folder, where the translations mirror one (`en/guide.md` beside
 * `zh/guide.md`), published without it (`guide`), as Hugo, Rspress and VitePress publish their
 * default language at the site's root (`renamed`).
 */
function folderTranslations(
  pages: readonly string[],
  known: ReadonlySet<string>,
  renamed: Map<string, string>,
): Map<string, Translation> {
  const translations = new Map<string, Translation>();
  // Each folder named after a language: its parent, and its files' paths below it.
  const folders = new Map<string, { parent: string; lang: string; rests: string[] }>();
  for (const rel of pages) {
    const segments = rel.split('/');
    for (let i = 0; i < segments.length - 1; i++) {
      const lang = language(segments[i]!);
      if (!lang) continue;
      const parent = segments.slice(0, i).join('/');
      const folder = segments.slice(0, i + 1).join('/');
      if (!folders.has(folder)) folders.set(folder, { parent, lang, rests: [] });
      folders.get(folder)!.rests.push(segments.slice(i + 1).join('/'));
      break;
    }
  }
  const under = (parent: string, rest: string) => (parent ? `${parent}/${rest}` : rest);
  for (const [folder, { parent, lang, rests }] of folders) {
    const docusaurus = /(^|\/)i18n$/.test(parent);
    // Its counterparts: beside the folder, or in a sibling folder of the default language.
    const siblings = [...folders.entries()].filter(([f, s]) => f !== folder && s.parent === parent);
    const defaultSibling = siblings.find(([, s]) => english(s.lang))?.[0];
    if (english(lang) && !docusaurus) continue;
    const counterpart = (rest: string) =>
      [under(parent, rest), defaultSibling && `${defaultSibling}/${rest}`].find((p) => p && known.has(p));
    const matched = rests.filter((rest) => counterpart(rest)).length;
    if (!docusaurus && (matched < 2 || matched * 2 < rests.length)) continue;
    if (defaultSibling && !docusaurus)
      for (const rest of folders.get(defaultSibling)!.rests)
        if (!known.has(under(parent, rest))) renamed.set(`${defaultSibling}/${rest}`, under(parent, rest));
    for (const rest of rests)
      translations.set(`${folder}/${rest}`, {
        language: lang,
        ...(counterpart(rest) && { of: counterpart(rest) }),
      });
  }
  return translations;
}

/** Why a translation is not loaded as a document: the site is read in another language. */
function translationReason(translation: Translation, reading: string | undefined): string {
  const of = translation.of ? ` of ${translation.of}` : '';
  return `a translation (${translation.language})${of}: the site's pages are read in ${reading ?? 'its default language'}`;
}
