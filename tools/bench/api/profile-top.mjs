/**
 * The top items of a V8 CPU profile (`.cpuprofile`, as `npm run bench:api -- --cpu-prof DIR`
 * writes them): self time by function and by package or file, in % of the busy time, i.e. the
 * samples less `(idle)` and the inspector's own `dispatch` (the profiler writing its profile).
 *
 *   node tools/bench/api/profile-top.mjs FILE.cpuprofile [N]
 */
import { readFileSync } from 'node:fs';

const [file, n = '25'] = process.argv.slice(2);
if (!file) {
  console.error('usage: node tools/bench/api/profile-top.mjs FILE.cpuprofile [N]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const NOT_BUSY = new Set(['(idle)', 'dispatch']);
const selfTime = new Map();
let total = 0;
let sampled = 0;
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0;
  sampled += dt;
  if (NOT_BUSY.has(nodes.get(id).callFrame.functionName)) return;
  selfTime.set(id, (selfTime.get(id) ?? 0) + dt);
  total += dt;
});

/** `node_modules/@scope/pkg/…` → `@scope/pkg`, a bundle's path → its file name from `dist/`. */
function place(url) {
  const path = url.replace(/^file:\/\//, '');
  const nm = path.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = path.slice(nm + 'node_modules/'.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const dist = path.indexOf('/dist/');
  return dist >= 0 ? path.slice(dist + 1) : path;
}

const byFunction = new Map();
const byPlace = new Map();
for (const [id, t] of selfTime) {
  const { functionName, url, lineNumber } = nodes.get(id).callFrame;
  const where = url ? `${place(url)}:${lineNumber + 1}` : '';
  const fn = `${functionName || '(anonymous)'} ${where}`.trim();
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + t);
  const key = url ? place(url) : functionName;
  byPlace.set(key, (byPlace.get(key) ?? 0) + t);
}

const top = (map) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(n))
    .map(([k, t]) => `${((100 * t) / total).toFixed(1).padStart(5)} %  ${k}`)
    .join('\n');
console.log(
  `${(sampled / 1e6).toFixed(1)} s sampled, ${(total / 1e6).toFixed(1)} s busy\n\nself time by function:\n${top(byFunction)}`,
);
console.log(`\nself time by package or file:\n${top(byPlace)}`);
