/** What `npm run bench:api` measures of one endpoint under load: autocannon's figures, CPU time, Redis's work. */
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { getHeapSpaceStatistics } from 'node:v8';
import type { Redis } from 'ioredis';

const execFileAsync = promisify(execFile);

/** Load of a run: connections and seconds. */
export interface Load {
  connections: number;
  duration: number;
}

/** One endpoint's figures under load. */
export interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Requests answered. */
  requests: number;
  /**
   * CPU time of this process (the API, or the bare server) per request answered, µs: less
   * sensitive to a busy machine than req/s, which depends on how much CPU the process got.
   */
  cpuUs: number;
  /** What Redis did per request answered (docqa's endpoints only): see {@link redisWork}. */
  redis?: RedisWork;
  /** This process's event loop and garbage collector during the run: where a p99 comes from. */
  loop: LoopFigures;
}

/** How long this process's event loop was held, and by the garbage collector. */
export interface LoopFigures {
  /** Event loop delay, ms: its 99th percentile and its longest. */
  delayP99: number;
  delayMax: number;
  /** Share of the run's wall time spent in GC pauses, and the longest pause, ms. */
  gcShare: number;
  gcMax: number;
  /**
   * Collections during the run by kind (young generation: scavenges; old generation: mark-sweeps,
   * incremental steps included) and the GC's pause time in all: counted, unlike a p99, not sampled.
   */
  minorGcs: number;
  majorGcs: number;
  gcMs: number;
  /** Memory the young generation holds at the end, MB: what a larger semi-space costs. */
  youngMb: number;
}

/**
 * Redis's own counters per request: commands run, reads and writes of its sockets (round trips),
 * and its CPU time, µs.
 */
export interface RedisWork {
  commands: number;
  reads: number;
  writes: number;
  cpuUs: number;
}

/** Redis's INFO counters of commands, socket reads and writes, and CPU time. */
async function redisCounters(redis: Redis): Promise<RedisWork> {
  const info = (await redis.info('stats')) + (await redis.info('cpu'));
  const field = (name: string) => Number(new RegExp(`^${name}:([\\d.]+)`, 'm').exec(info)?.[1] ?? NaN);
  return {
    commands: field('total_commands_processed'),
    reads: field('total_reads_processed'),
    writes: field('total_writes_processed'),
    cpuUs: (field('used_cpu_user') + field('used_cpu_sys')) * 1e6,
  };
}

/** Runs `measure` and adds what Redis did per request (its counters before and after). */
export async function redisWork(redis: Redis, measure: () => Promise<Row>): Promise<Row> {
  const before = await redisCounters(redis);
  const row = await measure();
  const after = await redisCounters(redis);
  const per = (k: keyof RedisWork) => (after[k] - before[k]) / Math.max(1, row.requests);
  return {
    ...row,
    redis: { commands: per('commands'), reads: per('reads'), writes: per('writes'), cpuUs: per('cpuUs') },
  };
}

/** Runs autocannon in a process of its own, so the load generator never shares the server's event loop. */
export async function run(
  load: Load,
  name: string,
  opts: { url: string; method?: string; headers?: Record<string, string>; body?: string },
): Promise<Row> {
  const args = [
    require.resolve('autocannon/autocannon.js'),
    '--json',
    '-c',
    String(load.connections),
    '-d',
    String(load.duration),
  ];
  if (opts.method) args.push('-m', opts.method);
  for (const [k, v] of Object.entries(opts.headers ?? {})) args.push('-H', `${k}=${v}`);
  if (opts.body) args.push('-b', opts.body);
  args.push(opts.url);
  const watch = watchLoop();
  const cpu = process.cpuUsage();
  const { stdout } = await execFileAsync(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 });
  const { user, system } = process.cpuUsage(cpu);
  const loop = watch();
  const result = JSON.parse(stdout);
  const errors = result.non2xx + result.errors + result.timeouts;
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors,
    requests: result.requests.total,
    cpuUs: (user + system) / Math.max(1, result.requests.total),
    loop,
  };
}

/** The GC's work per 1,000 requests of a row: scavenges, mark-sweeps, and its pauses in µs a request. */
export const gcText = (r: Row) => {
  const per = 1000 / Math.max(1, r.requests);
  return `GC a 1,000 requests: ${(r.loop.minorGcs * per).toFixed(1)} scavenges, ${(r.loop.majorGcs * per).toFixed(2)} mark-sweeps, ${((r.loop.gcMs * 1000) / Math.max(1, r.requests)).toFixed(0)} µs of pauses a request, young generation ${r.loop.youngMb.toFixed(0)} MB`;
};

/** Starts watching this process's event loop delay and GC pauses; the returned function stops and reports. */
function watchLoop(): () => LoopFigures {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  let gcMs = 0;
  let gcMax = 0;
  let minorGcs = 0;
  let majorGcs = 0;
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gcMs += entry.duration;
      gcMax = Math.max(gcMax, entry.duration);
      const kind = (entry as { detail?: { kind?: number } }).detail?.kind;
      if (kind === constants.NODE_PERFORMANCE_GC_MINOR) minorGcs++;
      else if (
        kind === constants.NODE_PERFORMANCE_GC_MAJOR ||
        kind === constants.NODE_PERFORMANCE_GC_INCREMENTAL
      )
        majorGcs++;
    }
  });
  gc.observe({ entryTypes: ['gc'] });
  delay.enable();
  const started = performance.now();
  return () => {
    delay.disable();
    gc.disconnect();
    return {
      delayP99: delay.percentile(99) / 1e6,
      delayMax: delay.max / 1e6,
      gcShare: gcMs / (performance.now() - started),
      gcMax,
      minorGcs,
      majorGcs,
      gcMs,
      youngMb: youngGenerationBytes() / 2 ** 20,
    };
  };
}

/** Physical memory of V8's young generation (new space and its large objects). */
function youngGenerationBytes(): number {
  return getHeapSpaceStatistics()
    .filter((s) => s.space_name === 'new_space' || s.space_name === 'new_large_object_space')
    .reduce((sum, s) => sum + s.physical_space_size, 0);
}

/** Runs `measure` with this process's CPU profiler on, and writes the profile to `file`. */
export function withCpuProfile<T>(file: string, measure: () => Promise<T>): Promise<T> {
  return profiled(file, 'CPU profile', measure, async (session) => {
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
    return async () => (await session.post('Profiler.stop')).profile;
  });
}

/**
 * Runs `measure` with this process's sampling heap profiler on, counting every allocation
 * (including what the garbage collector has freed by the end), and writes the profile
 * (`.heapprofile`) to `file`: where the garbage collector's work comes from.
 */
export function withHeapProfile<T>(file: string, measure: () => Promise<T>): Promise<T> {
  return profiled(file, 'heap profile', measure, async (session) => {
    await session.post('HeapProfiler.enable');
    await session.post('HeapProfiler.startSampling', {
      samplingInterval: 4096,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
    return async () => (await session.post('HeapProfiler.stopSampling')).profile;
  });
}

/**
 * Runs `measure` between `start` and the stop it returns, on an inspector session of this
 * process; the profile goes to `file`.
 */
async function profiled<T>(
  file: string,
  what: string,
  measure: () => Promise<T>,
  start: (session: Session) => Promise<() => Promise<unknown>>,
): Promise<T> {
  const session = new Session();
  session.connect();
  const stop = await start(session);
  try {
    return await measure();
  } finally {
    const profile = await stop();
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
    console.error(`${what} written to ${file}`);
  }
}

export const redisText = (w: RedisWork) =>
  `${w.commands.toFixed(1)} commands, ${w.reads.toFixed(2)} reads, ${w.writes.toFixed(2)} writes, ${Math.round(w.cpuUs)} µs CPU`;

export const loopText = (l: LoopFigures) =>
  `event loop delay p99 ${l.delayP99.toFixed(1)} ms (max ${l.delayMax.toFixed(1)}), GC ${(l.gcShare * 100).toFixed(1)} % of the time (longest pause ${l.gcMax.toFixed(1)} ms)`;
