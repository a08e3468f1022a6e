import { join } from 'node:path';
import { loadPaths } from './file-loader';
import { rspressSettings, rspressUnpublished, UNPUBLISHED_RSPRESS } from './rspress-site';
import { DIALECT_FIXTURES } from './testing';

const SITE = join(DIALECT_FIXTURES, 'rspress');

describe('an Rspress project', () => {
  it('reads its configuration: URL style (.html unless cleanUrls), docs folder, excluded routes', () => {
    const config = `export default defineConfig({
  root: 'website/docs',
  route: {
    cleanUrls: true,
    exclude: ['**/fragments/**', 'components/**'],
  },
});`;
    expect(rspressSettings(config)).toEqual({
      pageUrls: 'clean',
      root: 'website/docs/',
      excludes: ['**/fragments/**', 'components/**'],
    });
    expect(rspressSettings("export default defineConfig({ title: 'Acme' });")).toEqual({
      pageUrls: 'html',
      root: 'docs/',
      excludes: [],
    });
    const unpublished = rspressUnpublished({ pages: 'docs/', excludes: ['**/fragments/**'] });
    expect(unpublished('docs/en/fragments/intro.mdx')).toBe(UNPUBLISHED_RSPRESS);
    expect(unpublished('README.md')).toMatch(/outside/);
    expect(unpublished('docs/en/guide/start.mdx')).toBeUndefined();
  });

  it("loads its docs folder: pages as .html, the default language's at the root, fragments put in and no pages", async () => {
    for (const folder of [join(SITE, 'docs'), SITE]) {
      const result = await loadPaths([folder], { baseUrl: 'https://acme.test/' });
      const byUrl = new Map(result.documents.map((d) => [d.url, d]));
      expect([...byUrl.keys()].sort()).toEqual(['https://acme.test/', 'https://acme.test/guide/start.html']);
      const start = byUrl.get('https://acme.test/guide/start.html')!.content;
      expect(start).toContain('Acme turns Markdown into a searchable site.');
      expect(start).toContain('**yarn**:\n\n```sh\nyarn add -D @acme/cli\n```');
      expect(start).toContain('**yarn**:\n\n```sh\nyarn create acme\n```');
      expect(byUrl.get('https://acme.test/')!.content).toContain(
        '[getting started guide](https://acme.test/guide/start.html)',
      );
      const reasons = result.skipped.map((s) => s.reason);
      expect(reasons).toContain(UNPUBLISHED_RSPRESS);
      expect(reasons.some((r) => r.startsWith('a translation (zh)'))).toBe(true);
    }
  });

  it('reads another language under its folder, with --language', async () => {
    const result = await loadPaths([join(SITE, 'docs')], { baseUrl: 'https://acme.test/', language: 'zh' });
    expect(result.documents.map((d) => d.url).sort()).toEqual([
      'https://acme.test/zh/',
      'https://acme.test/zh/guide/start.html',
    ]);
  });
});
