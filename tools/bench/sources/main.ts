/**
 * Source sync cost: a generated site of 2,000 pages behind a sitemap, synced once (every page
 * fetched, parsed and embedded), then again after 1 % of the pages changed and 1 % were removed
 * (unchanged pages answer 304 and cost no parsing or embedding). Also `docqa --help` time.
 *
 *   npm run bench:sources
 */
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import type { SourceRecord, SyncRecord } from '@docqa/contracts';
import { startStack } from '@docqa/system-tests/testing';
import { htmlPage, startDocsSite } from '@docqa/sync/testing';
import { startOwnRedis } from '@docqa/testing';
import { reportBenchSection } from '../write-section';
import { runBench } from '../run-bench';

const PAGES = 2000;
const WORDS =
  'sync source page token widget search answer chunk embed schedule sitemap robots fetch index'.split(' ');

/** A page of about 1.5 KB of varied text. */
function pageText(n: number, version: number): string {
  const words = Array.from({ length: 220 }, (_, i) => WORDS[(n * 7 + i * 13 + version) % WORDS.length]);
  return `Page ${n} (version ${version}). ${words.join(' ')}.`;
}

/** Median of `runs` timed `node dist/apps/cli/main.js --help`, after one warm-up. */
function helpMs(runs = 5): number {
  const once = () => {
    const t0 = performance.now();
    spawnSync(process.execPath, ['dist/apps/cli/main.js', '--help'], { stdio: 'ignore' });
    return performance.now() - t0;
  };
  once();
  const times = Array.from({ length: runs }, once).sort((a, b) => a - b);
  return times[Math.floor(runs / 2)]!;
}

async function main(): Promise<void> {
  const redis = await startOwnRedis();
  const site = await startDocsSite();
  for (let n = 0; n < PAGES; n++) site.pages.set(`/docs/page-${n}`, htmlPage(`Page ${n}`, pageText(n, 0)));
  site.setSitemap();
  const stack = await startStack({ redisUrl: redis.url, env: { SOURCES_ALLOW_PRIVATE_NETWORKS: 'true' } });
  const token = await stack.createToken({ tenant: 'bench', scopes: ['ingest'] });
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const api = (path: string, init: RequestInit = {}) => fetch(stack.apiUrl + path, { ...init, headers });
  const source = (await (
    await api('sources/', {
      method: 'POST',
      body: JSON.stringify({ type: 'sitemap', url: `${site.origin}/sitemap.xml` }),
    })
  ).json()) as SourceRecord;

  async function sync(): Promise<{ record: SyncRecord; ms: number; requests: number; bytes: number }> {
    const before = { requests: site.log.length, bytes: site.bytesSent() };
    const t0 = performance.now();
    const { job_id } = await (await api(`sources/${source.id}/sync`, { method: 'POST' })).json();
    for (;;) {
      const got = (await (await api(`sources/${source.id}`)).json()) as SourceRecord;
      const record = got.syncs?.find((s) => s.job_id === job_id);
      if (record?.status === 'completed' || record?.status === 'failed')
        return {
          record,
          ms: performance.now() - t0,
          requests: site.log.length - before.requests,
          bytes: site.bytesSent() - before.bytes,
        };
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  const first = await sync();
  const changed = PAGES / 100;
  for (let n = 0; n < changed; n++) site.pages.set(`/docs/page-${n}`, htmlPage(`Page ${n}`, pageText(n, 1)));
  for (let n = PAGES - changed; n < PAGES; n++) site.pages.delete(`/docs/page-${n}`);
  site.pages.delete('/sitemap.xml');
  site.setSitemap();
  const second = await sync();
  await stack.close();
  await site.close();
  await redis.stop();
  const help = helpMs();

  const row = (label: string, s: typeof first) =>
    `| ${label} | ${(s.ms / 1000).toFixed(2)} s | ${s.record.added} / ${s.record.updated} / ${s.record.unchanged} / ${s.record.deleted} / ${s.record.failed} | ${s.record.chunks} | ${(s.record.chunks / (s.ms / 1000)).toFixed(0)} | ${s.requests} | ${(s.bytes / 1024).toFixed(0)} KB |`;
  const body = [
    `A generated site of ${PAGES} HTML pages (~1.5 KB each) behind a sitemap, served on 127.0.0.1 with ETag validators; local embeddings, embedded store, one worker.`,
    '',
    '| Sync | Time | Added / updated / unchanged / deleted / failed | Chunks embedded | Chunks/s | Requests | Bytes fetched |',
    '|---|---|---|---|---|---|---|',
    row('First', first),
    row(`Re-sync (${changed} changed, ${changed} removed)`, second),
    '',
    `Re-sync cost: ${((second.ms / first.ms) * 100).toFixed(1)} % of the first sync's time (target ≤ 5 %); it embedded only the ${second.record.updated} changed pages.`,
    '',
    `\`node dist/apps/cli/main.js --help\`: median ${help.toFixed(0)} ms of 5 runs (target ≤ 1 s; before the loaders left libs/ingest: 4,019 ms median of 5 at load 11.97).`,
    '',
    `Load average while measuring: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')} (2 cores, shared).`,
  ].join('\n');
  reportBenchSection('Source sync', 'npm run bench:sources', body);
}

runBench(main);
