#!/usr/bin/env node
/**
 * A tenant's docs versions read as `GET /versions/` and every question's version read them, on a
 * private redis-server: the per-version counts libs/ingest keeps (lua/document-versions.lua, its
 * read) against every versioned document's version (HVALS, the read before them), and the
 * one-time counting of a tenant written before the counts. Prints p50 of 50 reads (5 of HVALS)
 * per size, in ms; ioredis's parsing included, as the API reads them.
 *
 *   node tools/bench/version-counts.mjs [SIZES=100000,1000000]
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import { Redis } from 'ioredis';

const sizes = (process.argv[2] ?? '100000,1000000').split(',').map(Number);
const lua = readFileSync(new URL('../../libs/ingest/src/lua/document-versions.lua', import.meta.url), 'utf8');
const port = await new Promise((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address();
    probe.close(() => resolve(port));
  });
});
const server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', ''], {
  stdio: 'ignore',
});
const redis = new Redis({ port, retryStrategy: (times) => (times < 50 ? 100 : null) });
redis.defineCommand('documentVersions', { numberOfKeys: 2, lua });
const ms = async (read) => {
  const started = process.hrtime.bigint();
  await read();
  return Number(process.hrtime.bigint() - started) / 1e6;
};
const p50 = async (runs, read) => {
  const times = [];
  for (let i = 0; i < runs; i++) times.push(await ms(read));
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)];
};
try {
  console.log(
    `load average before: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`,
  );
  for (const size of sizes) {
    await redis.flushall();
    // Three versions over `size` documents, written as the code before the counts wrote them.
    for (let start = 0; start < size; start += 10_000) {
      const pairs = [];
      for (let i = start; i < Math.min(size, start + 10_000); i++) pairs.push(`doc-${i}`, `${(i % 3) + 1}.x`);
      await redis.hset('versions', ...pairs);
    }
    const counting = await ms(() => redis.documentVersions('versions', 'counts'));
    const counts = await p50(50, () => redis.documentVersions('versions', 'counts'));
    const hvals = await p50(5, () => redis.hvals('versions'));
    console.log(
      `${size.toLocaleString('en')} versioned documents: counts read ${counts.toFixed(2)} ms, ` +
        `every version (HVALS) ${hvals.toFixed(1)} ms; counted once in ${counting.toFixed(0)} ms`,
    );
  }
  console.log(
    `load average after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`,
  );
} finally {
  redis.disconnect();
  server.kill();
}
