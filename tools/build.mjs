#!/usr/bin/env node
/**
 * Builds every runnable entry point with esbuild: server apps and tools as CommonJS bundles for
 * Node (dependencies stay in node_modules), the widget as one minified browser ES module, the
 * administration portal as minified, code-split browser modules with content-hashed names.
 *
 *   node tools/build.mjs [--only NAME] [--quiet]
 */
import { build } from 'esbuild';
import { minifyLitCss } from './build/minify-lit-css.mjs';
import { precompressDir, prepareSwaggerUi } from './build/precompress.mjs';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { only: { type: 'string' }, quiet: { type: 'boolean' } } });

/** name → entry; output goes to dist/<dir of entry without src>/main.js */
const nodeEntries = {
  api: 'apps/api/src/main.ts',
  worker: 'apps/worker/src/main.ts',
  cli: 'apps/cli/src/main.ts',
  start: 'tools/start/main.ts',
  'bench-api': 'tools/bench/api/main.ts',
  'bench-retrieval': 'tools/bench/retrieval/main.ts',
  'bench-answers': 'tools/bench/answers/main.ts',
  'bench-outside': 'tools/bench/outside/main.ts',
  'bench-pipeline': 'tools/bench/pipeline/main.ts',
  'bench-batch': 'tools/bench/batch/main.ts',
  'bench-evals': 'tools/bench/evals/main.ts',
  'bench-widget': 'tools/bench/widget/main.ts',
  'bench-search-speed': 'tools/bench/search-speed/main.ts',
  'bench-mirror-scale': 'tools/bench/mirror-scale/main.ts',
  'bench-fuzz': 'tools/bench/fuzz/main.ts',
  'bench-sources': 'tools/bench/sources/main.ts',
  'bench-insights': 'tools/bench/insights/main.ts',
  'bench-channels': 'tools/bench/channels/main.ts',
  'bench-documents': 'tools/bench/documents/main.ts',
  'bench-redis-failover': 'tools/bench/redis-failover/main.ts',
  'widget-sites': 'tools/widget-sites/main.ts',
};

const outFor = (entry) => `dist/${entry.replace(/\/src\/main\.ts$/, '').replace(/\/main\.ts$/, '')}/main.js`;

/** Server bundles: CommonJS for Node, dependencies left in node_modules. */
const NODE = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  packages: 'external',
  sourcemap: true,
  loader: { '.lua': 'text' },
  logLevel: 'warning',
};

const jobs = [];
for (const [name, entry] of Object.entries(nodeEntries)) {
  if (values.only && values.only !== name) continue;
  if (!existsSync(entry)) continue;
  jobs.push(build({ ...NODE, entryPoints: [entry], outfile: outFor(entry) }));
}

// The local embedder's thread (libs/embedders/src/threaded-embedder.ts finds it under dist/).
if (!values.only || values.only === 'worker')
  jobs.push(
    build({
      ...NODE,
      entryPoints: ['libs/embedders/src/embed-thread.ts'],
      outfile: 'dist/libs/embedders/embed-thread.js',
    }),
  );

// The thread a file is parsed on (libs/sources/src/isolated-loader.ts finds it under dist/).
if (!values.only || values.only === 'worker' || values.only === 'api')
  jobs.push(
    build({
      ...NODE,
      entryPoints: ['libs/sources/src/parse-thread.ts'],
      outfile: 'dist/libs/sources/parse-thread.js',
    }),
  );

/** The widget's and the portal's bundles: minified split ES modules for the browsers both support. */
const BROWSER = {
  splitting: true,
  bundle: true,
  platform: 'browser',
  format: 'esm',
  target: ['chrome111', 'firefox111', 'safari16.4', 'edge111'],
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
};

const widgetEntry = 'apps/widget/src/main.ts';
if ((!values.only || values.only === 'widget') && existsSync(widgetEntry)) {
  jobs.push(
    build({
      entryPoints: { 'assistant-widget': widgetEntry },
      outdir: 'dist/apps/widget',
      // Split: the answer kit (Markdown, the sanitiser, an answer's views) loads when the chat opens or
      // is focused, or with the first answer; the search modal and each language's texts when needed.
      ...BROWSER,
      chunkNames: 'chunks/[name]-[hash]',
      tsconfig: 'apps/widget/tsconfig.json',
      plugins: [minifyLitCss(/apps\/widget\/src\/.*\.ts$/)],
    }),
  );
}

const adminEntry = 'apps/admin/src/main.ts';
if ((!values.only || values.only === 'admin') && existsSync(adminEntry)) jobs.push(buildAdmin());

/**
 * The portal: every page is its own chunk, loaded on first visit. Names carry a content hash (the
 * server caches /admin/assets/ for a year). Files are written only when new and index.html is
 * replaced atomically, so a build never disturbs a server (or a parallel test) serving the folder.
 */
async function buildAdmin() {
  const outdir = 'dist/apps/admin';
  const result = await build({
    entryPoints: { main: adminEntry, admin: 'apps/admin/src/admin.css' },
    outdir,
    entryNames: 'assets/[name]-[hash]',
    chunkNames: 'assets/chunks/[name]-[hash]',
    ...BROWSER,
    metafile: true,
    write: false,
    tsconfig: 'apps/admin/tsconfig.json',
  });
  const fresh = new Set(result.outputFiles.map((f) => f.path));
  for (const file of result.outputFiles) {
    if (existsSync(file.path)) continue;
    mkdirSync(dirname(file.path), { recursive: true });
    writeAtomically(file.path, file.contents);
  }
  const assets = join(outdir, 'assets');
  for (const name of readdirSync(assets, { recursive: true })) {
    const path = resolve(assets, String(name));
    // Stale hashes of an older build; a parallel build's temporary files are left to it.
    if (statSync(path).isFile() && !fresh.has(path) && !path.endsWith('.tmp')) rmSync(path);
  }
  const outputs = Object.entries(result.metafile.outputs);
  const output = (entry) => outputs.find(([, o]) => o.entryPoint === entry)[0].slice(outdir.length);
  const html = readFileSync('apps/admin/src/index.html', 'utf8')
    .replace('%MAIN_JS%', `/admin${output(adminEntry)}`)
    .replace('%ADMIN_CSS%', `/admin${output('apps/admin/src/admin.css')}`);
  writeAtomically(`${outdir}/index.html`, html);
}

/** Writes beside `path`, then renames: a reader sees the old file or the whole new one. */
function writeAtomically(path, contents) {
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, contents);
  renameSync(temp, path);
}

const started = Date.now();
await Promise.all(jobs);
// Static files the API serves, compressed once here rather than per request.
if (!values.only || values.only === 'widget') precompressDir('dist/apps/widget');
if (!values.only || values.only === 'admin') precompressDir('dist/apps/admin');
if (!values.only || values.only === 'api') prepareSwaggerUi('dist/swagger-ui');
if (!values.quiet) console.error(`built ${jobs.length} bundle(s) in ${Date.now() - started} ms`);
