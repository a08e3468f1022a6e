#!/usr/bin/env node
// Completes package-lock.json with the other platforms' optional native packages (darwin, win32,
// arm64 ...) that the registry this project is built against does not carry at the pinned version.
// `npm install` leaves them out of the lock when it cannot fetch their manifests, and `npm ci` then
// refuses the lock as out of sync. Each entry is written as npm writes one for a platform it
// skips: version, os/cpu/libc (read from the newest version the registry does carry), optional.
//
// Run after `npm install` changes the lock:  node tools/setup/lock-optional.mjs
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const lockPath = new URL('../../package-lock.json', import.meta.url);

function missingPackages() {
  try {
    execFileSync('npm', ['ci', '--dry-run', '--no-audit', '--no-fund'], { stdio: 'pipe' });
    return [];
  } catch (error) {
    const output = String(error.stderr ?? '') + String(error.stdout ?? '');
    return [...output.matchAll(/Missing: (\S+?)@\S* from lock file/g)].map((m) => m[1]);
  }
}

function platformOf(name) {
  const json = execFileSync('npm', ['view', name, 'os', 'cpu', 'libc', '--json'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const view = JSON.parse(json || '{}');
  const pick = ({ os, cpu, libc }) => ({ os, cpu, libc });
  return pick(Array.isArray(view) ? view.at(-1) : view);
}

const missing = missingPackages();
if (missing.length === 0) {
  console.log('package-lock.json: complete');
  process.exit(0);
}

const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
for (const name of missing) {
  const parent = Object.values(lock.packages).find((p) => p.optionalDependencies?.[name]);
  if (!parent) throw new Error(`no package in the lock asks for ${name}`);
  const { os, cpu, libc } = platformOf(name);
  lock.packages[`node_modules/${name}`] = {
    version: parent.optionalDependencies[name].replace(/^[\^~=]/, ''),
    ...(cpu && { cpu }),
    ...(libc && { libc }),
    optional: true,
    ...(os && { os }),
  };
  console.log(`added ${name} (${[os, cpu, libc].flat().filter(Boolean).join(', ')})`);
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b, 'en'))),
);
writeFileSync(lockPath, JSON.stringify(lock, null, 2) + '\n');
const left = missingPackages();
if (left.length > 0) throw new Error(`still missing: ${left.join(', ')}`);
console.log('package-lock.json: complete');
