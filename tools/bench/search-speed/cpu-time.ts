/** The CPU time of the bench's processes, from Linux's `/proc`. */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks a second of Linux's `/proc` CPU times (`getconf CLK_TCK`; 100 where it fails). */
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;
  } catch {
    return 100;
  }
})();

/**
 * CPU seconds a live process has used so far, user and system time of all its threads (LanceDB's
 * and the embedder's too): Linux `/proc/PID/stat`; of one of its threads with `thread`.
 */
export function cpuSeconds(pid: number, thread?: string): number {
  const stat = readFileSync(`/proc/${pid}${thread ? `/task/${thread}` : ''}/stat`, 'utf8');
  // The fields after the command name, which is in parentheses and may hold spaces: utime and
  // stime are the stat's 14th and 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

/**
 * CPU seconds each thread of a live process has used so far (since `before`, this function's
 * earlier answer), summed by thread name, the main thread (the JavaScript one) apart as `main`:
 * `/proc/PID/task`. Threads that ended are missing.
 */
export function threadSeconds(pid: number, before = new Map<string, number>()): Map<string, number> {
  const seconds = new Map([...before].map(([name, s]) => [name, -s]));
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const name =
        tid === String(pid) ? 'main' : readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
      seconds.set(name, (seconds.get(name) ?? 0) + cpuSeconds(pid, tid));
    } catch {
      // The thread ended meanwhile.
    }
  }
  return seconds;
}

/**
 * The report's line on the CPU time the worker (by thread too) and the API used during the
 * ingestion (`/proc`), per 1,000 chunks: on a loaded machine steadier than the wall time.
 */
export function cpuLine(
  chunks: number,
  seconds: { worker: number; api: number; threads: Map<string, number> },
) {
  const per = (s: number) => ((s / chunks) * 1000).toFixed(2);
  return `CPU time during the ingestion (user + system, every thread): worker ${seconds.worker.toFixed(1)} s = **${per(seconds.worker)} s per 1,000 chunks**; API ${seconds.api.toFixed(1)} s = ${per(seconds.api)} s per 1,000 chunks (its search mirror following the table). The worker's threads, s per 1,000 chunks (\`main\`: JavaScript; \`node\`: the embedder's and V8's; the rest LanceDB's): ${[...seconds.threads].map(([name, s]) => `${name} ${per(s)}`).join(', ')}.`;
}
