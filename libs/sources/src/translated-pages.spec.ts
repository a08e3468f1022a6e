import { siteLanguages, translationReason } from './translated-pages';

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
    expect(translationReason({ language: 'ja', of: 'docs/cache.mdx' })).toBe(
      "a translation (ja) of docs/cache.mdx: the site's pages are read in its default language",
    );
    expect(translationReason(undefined)).toBeUndefined();
  });
});
