import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadPaths } from './file-loader';
import { vitepressPageUrls, vitepressSourceExcludes, vitepressSourceFolder } from './page-url-style';
import { withVitepressIncludes } from './vitepress-includes';

/** A VitePress docs folder shaped like Vite's: `.vitepress/config.ts`, a workflow imported by region, a shared part. */
function vitepressSite(config: string): string {
  const site = mkdtempSync(join(tmpdir(), 'docqa-vitepress-'));
  mkdirSync(join(site, '.vitepress'));
  mkdirSync(join(site, 'guide'));
  mkdirSync(join(site, 'config'));
  mkdirSync(join(site, 'snippets'));
  writeFileSync(join(site, '.vitepress/config.ts'), config);
  writeFileSync(
    join(site, 'guide/static-deploy-github-pages.yaml'),
    [
      '# Imported in static-deploy.md',
      '#region content',
      'name: Deploy static content to Pages',
      'jobs:',
      '  deploy:',
      '    steps:',
      '      # region-specific runners are not needed',
      '      - uses: actions/deploy-pages@v5',
      '#endregion content',
    ].join('\n'),
  );
  writeFileSync(
    join(site, 'snippets/plugin.js'),
    "export default function plugin() {\n  return { name: 'x' }\n}\n",
  );
  writeFileSync(
    join(site, 'guide/_shared.md'),
    '---\ntitle: shared\n---\n\nLine one.\nLine two.\nLine three.\n',
  );
  writeFileSync(
    join(site, 'guide/static-deploy.md'),
    [
      '# Deploying a Static Site',
      '',
      '## GitHub Pages',
      '',
      '1. **Create a Workflow**',
      '',
      '   <<< ./static-deploy-github-pages.yaml#content [.github/workflows/deploy.yml]',
      '',
      '<<< @/snippets/plugin.js{2 ts}',
      '',
      '<!--@include: ./_shared.md{2,3}-->',
      '',
      '<<< @/snippets/missing.js',
      '',
      'See [`server.host`](/config/server-options.md#server-host) and [assets](./assets).',
    ].join('\n'),
  );
  writeFileSync(join(site, 'guide/assets.md'), '# Static Asset Handling\n');
  // Vite's home page: its theme's component draws it all.
  writeFileSync(
    join(site, 'index.md'),
    "---\ntitle: Vite\nlayout: home\n---\n\n<script setup>\nimport Home from './.vitepress/theme/Home.vue'\n</script>\n\n<Home />\n",
  );
  writeFileSync(
    join(site, 'config/index.md'),
    '---\nlayout: home\nhero:\n  name: Config\n  tagline: Every option\nfeatures:\n  - title: Server\n    details: Ports and proxies\n---\n',
  );
  writeFileSync(join(site, 'guide/index.md'), '# Getting Started\n\n::: tip\nHi\n:::\n');
  writeFileSync(join(site, 'config/server-options.md'), '# Server Options\n\n## server.host\n\nListen.\n');
  return site;
}

describe('VitePress snippet imports and includes', () => {
  it('puts in a region of a file as code in its language, with its label, in the list item', async () => {
    const site = vitepressSite('export default {}');
    try {
      const page = join(site, 'guide/static-deploy.md');
      const text = await withVitepressIncludes(readFileSync(page, 'utf8'), page, site);
      expect(text).toContain(
        '   ```yaml [.github/workflows/deploy.yml]\n   name: Deploy static content to Pages\n   jobs:\n' +
          '     deploy:\n       steps:\n         # region-specific runners are not needed\n' +
          '         - uses: actions/deploy-pages@v5\n   ```',
      );
      expect(text).toContain("```ts\nexport default function plugin() {\n  return { name: 'x' }\n}\n```");
      expect(text).toContain('Line two.\nLine three.');
      expect(text).not.toMatch(/Line one|title: shared|#region|Imported in/);
      // A file that cannot be read stays an import, which the VitePress reader drops.
      expect(text).toContain('<<< @/snippets/missing.js');
    } finally {
      rmSync(site, { recursive: true, force: true });
    }
  });

  it('loads a VitePress folder as its site publishes it: its dialect, URL style and links from its configuration', async () => {
    const site = vitepressSite(
      "export default defineConfig({\n  title: 'Vite',\n  cleanUrls: true,\n  srcExclude: ['AGENTS.md'],\n})\n",
    );
    writeFileSync(join(site, 'AGENTS.md'), '# Notes for agents\n');
    try {
      const result = await loadPaths([site], { baseUrl: 'https://vite.dev/' });
      const byId = new Map(result.documents.map((d) => [d.id, d]));
      expect(byId.get('guide/static-deploy.md')!.url).toBe('https://vite.dev/guide/static-deploy');
      expect(byId.get('guide/index.md')!.url).toBe('https://vite.dev/guide/');
      const deploy = byId.get('guide/static-deploy.md')!.content;
      expect(deploy).toContain(
        '   **.github/workflows/deploy.yml**:\n\n   ```yaml\n   name: Deploy static content',
      );
      expect(deploy).toContain('[`server.host`](https://vite.dev/config/server-options#server-host)');
      expect(deploy).toContain('[assets](https://vite.dev/guide/assets)');
      expect(deploy).toContain('## GitHub Pages {#github-pages}');
      expect(deploy).not.toMatch(/<<<|@include|missing\.js/);
      // A home page shows its front matter's hero and features; one drawn by components alone is no document.
      expect(byId.get('config/index.md')!.content).toBe(
        'Config\n\nEvery option\n\n- **Server**: Ports and proxies',
      );
      expect(byId.has('index.md')).toBe(false);
      expect(byId.has('AGENTS.md')).toBe(false);
      expect(result.skipped.map((s) => s.reason)).toContainEqual(
        expect.stringContaining('VitePress home page'),
      );
      // The page only showing Docusaurus-like containers is read as the site's: VitePress's.
      expect(byId.get('guide/index.md')!.content).toContain('# Getting Started {#getting-started}');
    } finally {
      rmSync(site, { recursive: true, force: true });
    }
    const plain = vitepressSite('export default {}');
    try {
      const result = await loadPaths([plain], { baseUrl: 'https://vite.dev/' });
      const urls = result.documents.map((d) => d.url).sort();
      expect(urls).toContain('https://vite.dev/guide/static-deploy.html');
      expect(urls).toContain('https://vite.dev/config/server-options.html');
    } finally {
      rmSync(plain, { recursive: true, force: true });
    }
  });

  it('reads the URL style and source folder a configuration names', () => {
    expect(vitepressPageUrls('export default { cleanUrls: true }')).toBe('clean');
    expect(vitepressPageUrls('export default { cleanUrls: false }')).toBeUndefined();
    expect(vitepressSourceFolder("export default { srcDir: './src' }")).toBe('src/');
    expect(vitepressSourceFolder('export default {}')).toBeUndefined();
    expect(vitepressSourceExcludes('srcExclude: [\n  \'**/guide/examples/*\',\n  "AGENTS.md",\n],')).toEqual([
      '**/guide/examples/*',
      'AGENTS.md',
    ]);
  });
});
