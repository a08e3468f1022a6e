#!/usr/bin/env node
/**
 * Prints the README's configuration table from libs/config; with --write, replaces it in README.md.
 * A unit test (libs/config) fails when the two differ.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';

const out = await build({
  stdin: {
    contents: "export { SETTINGS } from './libs/config/src/settings';",
    resolveDir: process.cwd(),
    loader: 'ts',
  },
  bundle: true,
  platform: 'node',
  format: 'esm',
  write: false,
});
const { SETTINGS } = await import(
  `data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString('base64')}`
);
const lines = ['| Variable | Default | What it does |', '|---|---|---|'];
for (const s of Object.values(SETTINGS)) {
  lines.push(`| \`${s.env}\` | ${s.default === undefined ? '' : `\`${s.default}\``} | ${s.doc} |`);
}
const table = lines.join('\n');
if (process.argv.includes('--write')) {
  const readme = readFileSync('README.md', 'utf8');
  writeFileSync(
    'README.md',
    readme.replace(/\| Variable\s*\| Default\s*\|[^\n]*\n(\|[^\n]*\n)*/, `${table}\n`),
  );
} else {
  console.log(table);
}
