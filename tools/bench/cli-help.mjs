#!/usr/bin/env node
/**
 * Times `node CLI --help` (hyperfine-style: one warm-up run, then N timed runs) and prints the
 * median and the range in ms.
 *
 *   node tools/bench/cli-help.mjs [CLI=dist/apps/cli/main.js] [RUNS=5]
 */
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';

const [cli = 'dist/apps/cli/main.js', runs = '5'] = process.argv.slice(2);
const once = () => {
  const started = process.hrtime.bigint();
  const { status } = spawnSync(process.execPath, [cli, '--help'], { stdio: 'ignore' });
  if (status !== 0) throw new Error(`${cli} --help exited with ${status}`);
  return Number(process.hrtime.bigint() - started) / 1e6;
};
once();
const times = Array.from({ length: Number(runs) }, once).sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
console.log(
  `${cli} --help: median ${median.toFixed(0)} ms over ${times.length} runs ` +
    `(min ${times[0].toFixed(0)}, max ${times.at(-1).toFixed(0)}; load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')})`,
);
