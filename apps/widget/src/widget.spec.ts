import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type BuildResult, type Metafile, type Plugin } from 'esbuild';
import { DEFAULT_LABELS } from '@docqa/contracts/constants';
import { initialSelection, mergeConfig, requestFilters, resolveSettings } from './settings';

describe('widget bundle', () => {
  const root = join(__dirname, '../../..');
  let result: BuildResult & { metafile: Metafile };
  let outputs: [string, Metafile['outputs'][string]][];
  let mainPath: string;
  let main: Metafile['outputs'][string];
  // As tools/build.mjs builds it (its Lit styles minified too).
  beforeAll(async () => {
    const { minifyLitCss } = (await import(join(root, 'tools/build/minify-lit-css.mjs'))) as {
      minifyLitCss: (filter: RegExp) => Plugin;
    };
    result = await build({
      entryPoints: { 'assistant-widget': join(__dirname, 'main.ts') },
      outdir: join(root, 'dist/test/widget-size'),
      bundle: true,
      format: 'esm',
      splitting: true,
      minify: true,
      legalComments: 'none',
      metafile: true,
      tsconfig: join(root, 'apps/widget/tsconfig.json'),
      write: false,
      target: ['chrome111', 'firefox111', 'safari16.4', 'edge111'],
      plugins: [minifyLitCss(/apps\/widget\/src\/.*\.ts$/)],
    });
    outputs = Object.entries(result.metafile.outputs);
    [mainPath, main] = outputs.find(([path]) => path.endsWith('assistant-widget.js'))!;
  });
  const lazyCode = (inputs: Record<string, unknown>) =>
    Object.keys(inputs).filter((i) =>
      /answer-markdown\/src\/answer-markdown\.ts$|node_modules\/(marked|dompurify)\/|widget\/src\/(turn-view|sources-view|answer-styles)\.ts$/.test(
        i,
      ),
    );

  // The contract allows 30 KB; the widget keeps to 20 KB so features can still be added eagerly.
  it('keeps the initial module within 20 KB gzipped, everything included', () => {
    // The entry and the chunks it imports statically (Lit, and what the lazy chunks share with it).
    const initial = [
      mainPath,
      ...main.imports.filter((i) => i.kind === 'import-statement').map((i) => i.path),
    ];
    const gzipped = initial.map((path) => {
      const code = result.outputFiles!.find((f) => f.path.endsWith(path))!;
      return gzipSync(Buffer.from(code.contents), { level: 9 }).length;
    });
    expect(gzipped.length).toBeGreaterThan(1);
    expect(gzipped.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(20 * 1024);
  });

  it('takes the contract’s constants without its schemas: no zod in any module', () => {
    const inputs = outputs.flatMap(([, out]) => Object.keys(out.inputs));
    expect(inputs).toContain('libs/contracts/src/constants.ts');
    expect(inputs.filter((i) => /node_modules\/zod\//.test(i))).toEqual([]);
  });

  it('loads Markdown, the sanitiser and the answers’ views lazily: in a chunk the initial module only imports dynamically', () => {
    const staticChunks = main.imports.filter((i) => i.kind === 'import-statement').map((i) => i.path);
    const initial = [mainPath, ...staticChunks].map((path) => result.metafile.outputs[path]!);
    for (const out of initial) expect(lazyCode(out.inputs)).toEqual([]);
    const dynamic = initial.flatMap((out) =>
      out.imports.filter((i) => i.kind === 'dynamic-import').map((i) => i.path),
    );
    const lazy = outputs.filter(([, out]) => lazyCode(out.inputs).length).map(([path]) => path);
    expect(lazy.length).toBeGreaterThan(0);
    expect(dynamic).toEqual(expect.arrayContaining(lazy));
  });
});

describe('widget settings', () => {
  it('shows the contract’s default label texts when neither page nor server sets one', () => {
    expect(resolveSettings({}).labels).toEqual(DEFAULT_LABELS);
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

  it('sends default_filters of a property without a dropdown as fixed eq filters', () => {
    const s = resolveSettings({
      api_url: 'u',
      api_token: 't',
      filters: [{ property: 'product', title: 'Product', type: 'contains', widget: 'single', choices: [] }],
      default_filters: { product: 'cli', audience: 'admin', lang: ['en', 'de'], empty: [] },
      api_filters: [{ type: 'eq', property: 'tenant_visible', value: 'yes' }],
    });
    expect(initialSelection(s)).toEqual({ product: ['cli'] });
    expect(requestFilters(s, initialSelection(s))).toEqual([
      { type: 'contains', property: 'product', value: 'cli' },
      { type: 'eq', property: 'audience', value: 'admin' },
      { type: 'eq', property: 'lang', value: ['en', 'de'] },
      { type: 'eq', property: 'tenant_visible', value: 'yes' },
    ]);
    // A cleared dropdown sends nothing for its property, even with a default.
    expect(requestFilters(s, { product: [] })).not.toContainEqual(
      expect.objectContaining({ property: 'product' }),
    );
  });

  it('merges the server’s and the page’s default_filters key by key', () => {
    const s = resolveSettings(
      { api_url: 'u', api_token: 't', default_filters: { product: 'cli' } },
      { default_filters: { product: 'api', lang: 'en' } },
    );
    expect(s.default_filters).toEqual({ product: 'cli', lang: 'en' });
  });

  it('updates settings partially, merging labels and default_filters key by key', () => {
    const current = {
      api_url: 'u',
      api_token: 't',
      mode: 'chat' as const,
      labels: { CHAT_PLACEHOLDER: 'Ask Acme', NEW_CHAT_BUTTON: 'Again' },
      default_filters: { product: 'cli' },
    };
    expect(
      mergeConfig(current, {
        mode: 'question',
        labels: { NEW_CHAT_BUTTON: 'Restart' },
        default_filters: { lang: 'en' },
      }),
    ).toEqual({
      api_url: 'u',
      api_token: 't',
      mode: 'question',
      labels: { CHAT_PLACEHOLDER: 'Ask Acme', NEW_CHAT_BUTTON: 'Restart' },
      default_filters: { product: 'cli', lang: 'en' },
    });
    expect(mergeConfig(current, { popup: false }).labels).toBe(current.labels);
  });
});
