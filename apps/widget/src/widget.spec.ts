import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildSync } from 'esbuild';
import { DEFAULT_LABELS } from '@docqa/contracts';
import { LABELS, requestFilters, resolveSettings } from './settings';

describe('widget bundle', () => {
  it('keeps the initial module within 30 KB gzipped, everything included', () => {
    const root = join(__dirname, '../../..');
    const result = buildSync({
      entryPoints: { 'assistant-widget': join(__dirname, 'main.ts') },
      outdir: join(root, 'dist/test/widget-size'),
      bundle: true,
      format: 'esm',
      splitting: true,
      minify: true,
      legalComments: 'none',
      tsconfig: join(root, 'apps/widget/tsconfig.json'),
      write: false,
      target: ['chrome111', 'firefox111', 'safari16.4'],
    });
    const main = result.outputFiles.find((f) => f.path.endsWith('assistant-widget.js'))!;
    const gzipped = gzipSync(Buffer.from(main.contents), { level: 9 }).length;
    expect(gzipped).toBeLessThanOrEqual(30 * 1024);
    expect(readFileSync(join(__dirname, 'main.ts'), 'utf8')).toContain("import './assistant-widget'");
  });
});

describe('widget settings', () => {
  it('has every label of the spec with the server’s default texts', () => {
    expect(LABELS).toEqual(DEFAULT_LABELS);
  });

  it('applies defaults, with the page’s settings over the server’s', () => {
    const s = resolveSettings(
      { api_url: 'https://x.test/api/v2', api_token: 't', labels: { NEW_CHAT_BUTTON: 'Again' } },
      { mode: 'question', popup: false, labels: { DOWN_RATE_BUTTON: 'Go' } },
    );
    expect(s).toMatchObject({
      api_url: 'https://x.test/api/v2/',
      el: 'assistant',
      mode: 'question',
      popup: false,
      automount: true,
      debug: false,
    });
    expect(s.labels).toMatchObject({
      NEW_CHAT_BUTTON: 'Again',
      DOWN_RATE_BUTTON: 'Go',
      COLLAPSE_SHOW: 'Show more',
    });
  });

  it('merges dropdown selections with api_filters', () => {
    const s = resolveSettings({
      api_url: 'u',
      api_token: 't',
      filters: [{ property: 'product', title: 'Product', type: 'eq', widget: 'multiple', choices: [] }],
      api_filters: [{ type: 'eq', property: 'lang', value: 'en' }],
    });
    expect(requestFilters(s, { product: ['cli', 'api'] })).toEqual([
      { type: 'eq', property: 'product', value: ['cli', 'api'] },
      { type: 'eq', property: 'lang', value: 'en' },
    ]);
  });
});
