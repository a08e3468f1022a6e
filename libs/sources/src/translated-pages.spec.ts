import { siteLanguages } from './translated-pages';

const translated = (rels: string[]) => {
  const languages = siteLanguages(rels);
  return Object.fromEntries(
    rels.flatMap((rel) => {
      const t = languages.translation(rel);
      return t ? [[rel, t]] : [];
    }),
  );
};

describe('siteLanguages', () => {
  it('reads a page named with its language before the extension as a translation of the one without (Fumadocs, Hugo)', () => {
    const rels = [
      'docs/cache.mdx',
      'docs/cache.ja.mdx',
      'docs/cache.cn.mdx',
      'docs/api.mdx',
      'docs/api.ja.mdx',
      'docs/api.zh-CN.mdx',
      'docs/meta.json',
    ];
    expect(translated(rels)).toEqual({
      'docs/cache.ja.mdx': { language: 'ja', of: 'docs/cache.mdx' },
      'docs/api.ja.mdx': { language: 'ja', of: 'docs/api.mdx' },
      'docs/api.zh-CN.mdx': { language: 'zh-cn', of: 'docs/api.mdx' },
    });
    // `cn` translates one page only: a bare code must translate two.
    expect(siteLanguages(rels).pagePath('docs/cache.mdx')).toBe('docs/cache.mdx');
  });

  it('takes a bare code for a language only where two pages are so translated, a tag with its region at once', () => {
    expect(translated(['tool.md', 'tool.ts.md', 'guide.md'])).toEqual({});
    expect(translated(['README.md', 'README.zh-CN.md'])).toEqual({
      'README.zh-CN.md': { language: 'zh-cn', of: 'README.md' },
    });
    // A code in capitals is a word: `LIMITS.IT.md` is no Italian page.
    expect(translated(['a.md', 'a.IT.md', 'b.md', 'b.IT.md'])).toEqual({});
  });

  it('publishes a default-language page named with its language without it, when every page is so named (Hugo, Nextra)', () => {
    const rels = [
      'install.en.md',
      'install.fr.md',
      'guide/index.en-US.mdx',
      'guide/index.fr.mdx',
      'about.en.md',
    ];
    const languages = siteLanguages(rels);
    expect(translated(rels)).toEqual({
      'install.fr.md': { language: 'fr', of: 'install.en.md' },
      'guide/index.fr.mdx': { language: 'fr', of: 'guide/index.en-US.mdx' },
    });
    expect(languages.pagePath('install.en.md')).toBe('install.md');
    expect(languages.pagePath('guide/index.en-US.mdx')).toBe('guide/index.mdx');
    expect(languages.pagePath('about.en.md')).toBe('about.md');
    expect(languages.pagePath('install.fr.md')).toBe('install.fr.md');
  });

  it('reads a folder named after a language whose files mirror the pages beside it as translations (Starlight, VitePress)', () => {
    const rels = [
      'index.mdx',
      'guides/install.md',
      'guides/deploy.md',
      'fr/index.mdx',
      'fr/guides/install.md',
      'fr/guides/only-fr.md',
      'pt-br/index.mdx',
      'pt-br/guides/install.md',
    ];
    expect(translated(rels)).toEqual({
      'fr/index.mdx': { language: 'fr', of: 'index.mdx' },
      'fr/guides/install.md': { language: 'fr', of: 'guides/install.md' },
      'fr/guides/only-fr.md': { language: 'fr' },
      'pt-br/index.mdx': { language: 'pt-br', of: 'index.mdx' },
      'pt-br/guides/install.md': { language: 'pt-br', of: 'guides/install.md' },
    });
  });

  it("reads a language's content folder beside the English one as its translation (Hugo's contentDir per language)", () => {
    const rels = ['en/docs/a.md', 'en/docs/b.md', 'de/docs/a.md', 'de/docs/b.md', 'de/docs/c.md'];
    expect(Object.keys(translated(rels))).toEqual(['de/docs/a.md', 'de/docs/b.md', 'de/docs/c.md']);
    expect(translated(rels)['de/docs/a.md']).toEqual({ language: 'de', of: 'en/docs/a.md' });
  });

  it("publishes the default language's folder's pages at the site's root (Hugo, Rspress), a page there too kept", () => {
    const rels = [
      'en/index.md',
      'en/guide/start.mdx',
      'zh/index.md',
      'zh/guide/start.mdx',
      'en/faq.md',
      'faq.md',
    ];
    const site = siteLanguages(rels);
    expect(site.pagePath('en/guide/start.mdx')).toBe('guide/start.mdx');
    expect(site.pagePath('en/index.md')).toBe('index.md');
    expect(site.pagePath('en/faq.md')).toBe('en/faq.md');
    expect(siteLanguages(rels, 'zh').pagePath('zh/guide/start.mdx')).toBe('zh/guide/start.mdx');
  });

  it("reads Docusaurus's i18n folder as translations", () => {
    expect(translated(['docs/intro.md', 'i18n/ko/docusaurus-plugin-content-docs/current/intro.md'])).toEqual({
      'i18n/ko/docusaurus-plugin-content-docs/current/intro.md': { language: 'ko' },
    });
  });

  it('leaves a folder named like a language whose files mirror nothing (an API of ids, a section on IT)', () => {
    const rels = [
      'api/id/get.md',
      'api/id/list.md',
      'api/users.md',
      'it/overview.md',
      'overview.md',
      'it/costs.md',
      'it/staff.md',
    ];
    expect(translated(rels)).toEqual({});
  });

  it('says why a translation is not loaded', () => {
    const languages = siteLanguages([
      'docs/cache.mdx',
      'docs/cache.ja.mdx',
      'docs/api.mdx',
      'docs/api.ja.mdx',
    ]);
    expect(languages.languages).toEqual(['ja']);
    expect(languages.skipped('docs/cache.ja.mdx')).toBe(
      "a translation (ja) of docs/cache.mdx: the site's pages are read in its default language",
    );
    expect(languages.skipped('docs/cache.mdx')).toBeUndefined();
  });

  it('reads the site in a language it is translated into: its pages there, published under the language, the others in the default one', () => {
    const rels = [
      'docs/cache.mdx',
      'docs/cache.ja.mdx',
      'docs/cache.ko.mdx',
      'docs/api.mdx',
      'docs/api.ja.mdx',
      'docs/api.ko.mdx',
      'docs/devtools.mdx',
    ];
    const ja = siteLanguages(rels, 'ja');
    const pages = rels.filter((rel) => !ja.skipped(rel));
    expect(pages).toEqual(['docs/cache.ja.mdx', 'docs/api.ja.mdx', 'docs/devtools.mdx']);
    expect(ja.skipped('docs/cache.mdx')).toBe('translated into ja (docs/cache.ja.mdx is read)');
    expect(ja.skipped('docs/cache.ko.mdx')).toBe(
      "a translation (ko) of docs/cache.mdx: the site's pages are read in ja",
    );
    expect(ja.pagePath('docs/cache.ja.mdx')).toBe('ja/docs/cache.mdx');
    expect(ja.pagePath('docs/devtools.mdx')).toBe('docs/devtools.mdx');

    const folders = ['guide.md', 'intro.md', 'fr/guide.md', 'fr/intro.md'];
    const fr = siteLanguages(folders, 'fr');
    expect(folders.filter((rel) => !fr.skipped(rel))).toEqual(['fr/guide.md', 'fr/intro.md']);
    expect(fr.pagePath('fr/guide.md')).toBe('fr/guide.md');
  });

  it('reads English as the default language, and refuses a language the site is not translated into', () => {
    const rels = ['docs/cache.mdx', 'docs/cache.ja.mdx', 'docs/api.mdx', 'docs/api.ja.mdx'];
    expect(rels.filter((rel) => !siteLanguages(rels, 'en').skipped(rel))).toEqual([
      'docs/cache.mdx',
      'docs/api.mdx',
    ]);
    expect(() => siteLanguages(rels, 'de')).toThrow(
      'the site has no pages in de: its pages are translated into ja',
    );
    // A site without translations is read as it is, whatever the language named.
    expect(siteLanguages(['a.md', 'b.md'], 'de').skipped('a.md')).toBeUndefined();
  });
});
