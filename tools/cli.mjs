#!/usr/bin/env node
/**
 * `npm run -s docqa -- …`: runs the built CLI, rebuilding it first only when a source file is newer
 * than the build (a fresh clone, or after an edit), so a command starts at once otherwise.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const built = 'dist/apps/cli/main.js';
const SOURCE = /\.(ts|lua|json|cjs|mjs)$/;

/** Newest modification time of the sources under `path` (ms). */
function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return SOURCE.test(path) ? stat.mtimeMs : 0;
  let latest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) continue;
    latest = Math.max(latest, newest(join(path, entry)));
  }
  return latest;
}

const sources = ['apps/cli', 'libs', 'package.json', 'tsconfig.base.json', 'tools/build.mjs'];
if (!existsSync(built) || Math.max(...sources.map(newest)) > statSync(built).mtimeMs) {
  const build = spawnSync(process.execPath, ['tools/build.mjs', '--quiet', '--only', 'cli'], {
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const cli = pathToFileURL(join(process.cwd(), built)).href;
// npm runs scripts in the repository's root; the paths a command names (`ingest ./my-docs`,
// `batch questions.jsonl --out answers.jsonl`) are the user's, from the folder npm was run in.
if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
// The CLI reads its arguments from process.argv[2…], which are this script's.
await import(cli);
