#!/usr/bin/env node
/**
 * Builds the publishable `@docqa/client` package into libs/client/dist: an ES module and a
 * CommonJS bundle of the SDK (eventsource-parser stays a dependency) and one bundled
 * declaration file with the contract types inlined (they refer to zod's types only).
 *
 *   npm run build:client && (cd libs/client && npm pack)
 */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../..');
const dist = join(here, 'dist');
rmSync(dist, { recursive: true, force: true });

const common = {
  entryPoints: [join(here, 'src/index.ts')],
  bundle: true,
  platform: 'neutral',
  target: 'es2022',
  external: ['eventsource-parser', 'eventsource-parser/*'],
  tsconfig: join(root, 'tsconfig.base.json'),
  sourcemap: true,
  logLevel: 'warning',
};
await Promise.all([
  build({ ...common, format: 'esm', outfile: join(dist, 'index.js') }),
  build({ ...common, format: 'cjs', outfile: join(dist, 'index.cjs') }),
]);
execFileSync(
  join(root, 'node_modules/.bin/dts-bundle-generator'),
  [
    '--project',
    join(root, 'tsconfig.base.json'),
    '--no-check',
    '--silent',
    '-o',
    join(dist, 'index.d.ts'),
    join(here, 'src/index.ts'),
  ],
  { stdio: 'inherit' },
);
console.error(`built @docqa/client into ${dist}`);
