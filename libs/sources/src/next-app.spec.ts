import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { loadPaths } from './file-loader';
import {
  nextPagePath,
  nextSite,
  nextSiteOnDisk,
  nextUnpublished,
  UNPUBLISHED_NEXT,
  UNPUBLISHED_NEXT_ROUTE,
} from './next-app';

const NEXTRA = [
  'README.md',
  'docs/next.config.ts',
  'docs/app/page.mdx',
  'docs/app/layout.tsx',
  'docs/app/docs/guide/search/page.mdx',
  'docs/app/(marketing)/about/page.mdx',
  'docs/app/docs/custom-theme/old.mdx',
  'docs/app/docs/_components/note/page.mdx',
  'docs/app/blog/[slug]/page.mdx',
  'docs/components/install.mdx',
  'docs/content/intro.mdx',
];

describe('a Next.js site with the App Router', () => {
  it('is found by its next.config beside an app folder of MDX pages', () => {
    expect(nextSite(NEXTRA)).toEqual({ site: 'docs/', app: 'docs/app/' });
    expect(nextSite(['next.config.mjs', 'src/app/page.md'])).toEqual({ site: '', app: 'src/app/' });
    // A site of the Pages Router, or of a content folder only (Fumadocs'), has none.
    expect(nextSite(['next.config.js', 'pages/index.mdx', 'app/layout.tsx'])).toBeUndefined();
  });

  it("publishes a route's page.mdx at its folder, without route groups", () => {
    const next = nextSite(NEXTRA)!;
    expect(nextPagePath('docs/app/docs/guide/search/page.mdx', next)).toBe('docs/guide/search');
    expect(nextPagePath('docs/app/(marketing)/about/page.mdx', next)).toBe('about');
    expect(nextPagePath('docs/app/page.mdx', next)).toBe('');
    expect(nextPagePath('README.md', next)).toBeUndefined();
  });

  it('publishes no partial, no private, dynamic or parallel route, and leaves files outside the site alone', () => {
    const next = nextSite(NEXTRA)!;
    const reasons = Object.fromEntries(NEXTRA.map((rel) => [rel, nextUnpublished(rel, next)]));
    expect(reasons).toEqual({
      'README.md': undefined,
      'docs/next.config.ts': undefined,
      'docs/app/page.mdx': undefined,
      'docs/app/layout.tsx': undefined,
      'docs/app/docs/guide/search/page.mdx': undefined,
      'docs/app/(marketing)/about/page.mdx': undefined,
      'docs/app/docs/custom-theme/old.mdx': UNPUBLISHED_NEXT,
      'docs/app/docs/_components/note/page.mdx': UNPUBLISHED_NEXT_ROUTE,
      'docs/app/blog/[slug]/page.mdx': UNPUBLISHED_NEXT_ROUTE,
      'docs/components/install.mdx': UNPUBLISHED_NEXT,
      'docs/content/intro.mdx': undefined,
    });
  });

  it('is found on disk from the site folder, a folder above it, or its app folder, and loads at its routes', async () => {
    const root = mkdtempSync(join(tmpdir(), 'docqa-next-'));
    const write = (rel: string, text: string) => {
      mkdirSync(dirname(join(root, rel)), { recursive: true });
      writeFileSync(join(root, rel), text);
    };
    write('docs/next.config.ts', 'export default {}');
    write('docs/app/docs/guide/search/page.mdx', '# Search\n\nSee [static exports](./static-exports).');
    write('docs/app/docs/guide/static-exports/page.mdx', '# Static exports\n\nSet `output: "export"`.');
    write('docs/components/install.mdx', '# Install\n\nA partial.');
    const rels = ['app/docs/guide/search/page.mdx', 'components/install.mdx'];
    expect(await nextSiteOnDisk(join(root, 'docs'), rels)).toEqual({ site: '', app: 'app/' });
    expect(
      await nextSiteOnDisk(
        root,
        rels.map((rel) => `docs/${rel}`),
      ),
    ).toEqual({ site: 'docs/', app: 'docs/app/' });
    expect(await nextSiteOnDisk(join(root, 'docs/app'), ['docs/guide/search/page.mdx'])).toEqual({
      site: '',
      app: '',
    });
    expect(await nextSiteOnDisk(join(root, 'docs/components'), ['install.mdx'])).toBeUndefined();

    const loaded = await loadPaths([join(root, 'docs')], { baseUrl: 'https://nextra.example/' });
    expect(loaded.documents.map((d) => d.url).sort()).toEqual([
      'https://nextra.example/docs/guide/search',
      'https://nextra.example/docs/guide/static-exports',
    ]);
    expect(loaded.skipped.map((s) => s.reason)).toEqual([UNPUBLISHED_NEXT]);
    // A relative link is the browser's, from the page's URL (`/docs/guide/static-exports`).
    const search = loaded.documents.find((d) => d.title === 'Search')!;
    expect(search.content).toContain('[static exports](./static-exports)');
  });
});
