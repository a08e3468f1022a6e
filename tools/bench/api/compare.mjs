/**
 * `npm run bench:api` of two builds side by side: another checkout's (`--old DIR`, with this
 * checkout's `tools/bench/api/main.ts` and `measure.ts` copied in and built there with
 * `node tools/build.mjs --only bench-api`, so both measure alike) and this one's, alternating round by round and
 * which goes first, each measuring its endpoints against bare Express in its own run. Prints each
 * round and the medians of the ratios to bare Express and of p99. Each build runs with the node
 * flags of its own `bench:api` script (the API's young generation among them).
 *
 *   node tools/bench/api/compare.mjs --old /path/to/main [--rounds 3] [--duration 10]
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    old: { type: 'string' },
    rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '10' },
  },
});
if (!values.old) {
  console.error('usage: node tools/bench/api/compare.mjs --old DIR [--rounds 3] [--duration 10]');
  process.exit(2);
}
const builds = { old: values.old, new: process.cwd() };

/**
 * The node flags a build's `npm run bench:api` starts the bench (its API) with, V8's heap sizes
 * among them: each build is measured as that build runs it.
 */
function benchFlags(dir) {
  const script = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).scripts['bench:api'];
  const flags = /node ((?:--\S+ )*)dist\/tools\/bench\/api\/main\.js/.exec(script)?.[1] ?? '';
  return flags.split(' ').filter(Boolean);
}

/** One `--only` run of a build: its lines `name: N req/s, p50 X ms, p99 Y ms`, by name. */
function measure(dir, only) {
  const out = execFileSync(
    process.execPath,
    [
      ...benchFlags(dir),
      join(dir, 'dist/tools/bench/api/main.js'),
      '--only',
      only,
      '--duration',
      values.duration,
    ],
    { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const rows = {};
  for (const m of out.matchAll(
    /^(.+): (\d+) req\/s, p50 ([\d.]+) ms, p99 ([\d.]+) ms, (\d+) µs CPU(?:[^\n]*?([\d.]+) commands, ([\d.]+) reads(?:[^\n]*?, (\d+) µs CPU)?)?[^\n]*$/gm,
  ))
    rows[m[1]] = {
      rps: Number(m[2]),
      p99: Number(m[4]),
      cpu: Number(m[5]),
      commands: Number(m[6] ?? NaN),
      reads: Number(m[7] ?? NaN),
      redisCpu: Number(m[8] ?? NaN),
      gc: gcOf(m[0]),
    };
  const [bare, ours] = Object.values(rows);
  return {
    ratio: ours.rps / bare.rps,
    rps: ours.rps,
    bare: bare.rps,
    p99: ours.p99,
    cpu: ours.cpu,
    bareCpu: bare.cpu,
    commands: ours.commands,
    reads: ours.reads,
    redisCpu: ours.redisCpu,
    gc: ours.gc,
  };
}

/**
 * The GC's figures of a row (a build whose bench counts them): scavenges and mark-sweeps a 1,000
 * requests, pauses µs a request.
 */
function gcOf(line) {
  const m = /GC a 1,000 requests: ([\d.]+) scavenges, ([\d.]+) mark-sweeps, (\d+) µs of pauses/.exec(line);
  return m ? { scavenges: Number(m[1]), markSweeps: Number(m[2]), pauseUs: Number(m[3]) } : undefined;
}

const gcText = (gc) =>
  gc
    ? `; GC a 1,000 requests: ${gc.scavenges} scavenges, ${gc.markSweeps} mark-sweeps, ${gc.pauseUs} µs of pauses a request`
    : '';

const results = { old: { get: [], post: [] }, new: { get: [], post: [] } };
console.log(
  `load average at the start: ${loadavg()
    .map((x) => x.toFixed(1))
    .join(', ')}`,
);
for (let round = 0; round < Number(values.rounds); round++) {
  const order = round % 2 ? ['new', 'old'] : ['old', 'new'];
  for (const only of ['get', 'post'])
    for (const build of order) {
      const r = measure(builds[build], only);
      results[build][only].push(r);
      console.log(
        `round ${round + 1} ${build} ${only}: ${(r.ratio * 100).toFixed(1)} % of bare (${r.rps} vs ${r.bare} req/s), p99 ${r.p99} ms, CPU ${r.cpu} µs a request (bare ${r.bareCpu}), Redis a request: ${r.commands} commands, ${r.reads} reads, ${r.redisCpu} µs CPU${gcText(r.gc)}`,
      );
    }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const only of ['get', 'post'])
  for (const build of ['old', 'new']) {
    const rs = results[build][only];
    console.log(
      `${only} ${build}: median ${(median(rs.map((r) => r.ratio)) * 100).toFixed(1)} % of bare Express req/s, median p99 ${median(rs.map((r) => r.p99))} ms, median CPU ${median(rs.map((r) => r.cpu))} µs a request (bare ${median(rs.map((r) => r.bareCpu))}), Redis a request (medians): ${median(rs.map((r) => r.commands))} commands, ${median(rs.map((r) => r.reads))} reads, ${median(rs.map((r) => r.redisCpu))} µs CPU${
        rs.every((r) => r.gc)
          ? gcText({
              scavenges: median(rs.map((r) => r.gc.scavenges)),
              markSweeps: median(rs.map((r) => r.gc.markSweeps)),
              pauseUs: median(rs.map((r) => r.gc.pauseUs)),
            })
          : ''
      }`,
    );
  }
console.log(
  `load average at the end: ${loadavg()
    .map((x) => x.toFixed(1))
    .join(', ')}`,
);
