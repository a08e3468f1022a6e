#!/usr/bin/env node
/**
 * `npm run docs:architecture`: rewrites the generated part of docs/architecture.md (the projects
 * by layer and their imports) from the code. tools/architecture/lib-table.spec.ts fails when the
 * doc differs from what this would write.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';
import * as prettier from 'prettier';

const out = await build({
  entryPoints: ['tools/architecture/lib-table.ts'],
  bundle: true,
  platform: 'node',
  format: 'esm',
  write: false,
});
const { libsSection, withSection } = await import(
  `data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString('base64')}`
);
const file = 'docs/architecture.md';
const text = withSection(readFileSync(file, 'utf8'), libsSection(process.cwd()));
const options = await prettier.resolveConfig(file);
writeFileSync(file, await prettier.format(text, { ...options, filepath: file }));
console.error(`${file}: projects by layer written`);
