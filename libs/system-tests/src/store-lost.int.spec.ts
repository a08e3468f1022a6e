import type { Redis } from 'ioredis';
import type { JobRecord, SourceRecord, SyncRecord } from '@docqa/contracts';
import { htmlPage, startDocsSite, type DocsSite } from '@docqa/sync/testing';
import { deletePrefix, testPrefix, testRedis } from '@docqa/testing';
import { startStack, type Stack } from './testing/start-stack';

/**
 * A knowledge base whose vector store is gone while Redis keeps its records (`.data` deleted, a
 * new disk, another checkout on the same Redis): the next worker must not skip the documents as
 * unchanged. Two stacks share one Redis prefix; the first one's data folder goes with it.
 */
describe('a worker whose vector store lost the documents Redis records', () => {
  let redis: Redis;
  let site: DocsSite;
  const prefix = testPrefix('store-lost');
  const stacks: Stack[] = [];

  beforeAll(async () => {
    redis = testRedis();
    site = await startDocsSite();
    for (const n of [1, 2]) site.pages.set(`/docs/p${n}`, htmlPage(`Page ${n}`, `Pelican migration ${n}.`));
    site.setSitemap();
  });
  afterAll(async () => {
    for (const stack of stacks) await stack.close();
    await site.close();
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  /** A stack on the shared prefix, and its API as the `acme` tenant sees it. */
  async function start() {
    const stack = await startStack({ prefix, env: { SOURCES_ALLOW_PRIVATE_NETWORKS: 'true' } });
    stacks.push(stack);
    const token = await stack.createToken({ tenant: 'acme', scopes: ['ingest', 'search'] });
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const call = async <T>(path: string, body?: unknown): Promise<T> => {
      const init = body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) };
      const res = await fetch(stack.apiUrl + path, { ...init, headers });
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    };
    return {
      stack,
      call,
      async ingest(): Promise<JobRecord> {
        const { job_id } = await call<{ job_id: string }>('documents/', {
          documents: [{ id: 'manual', title: 'Manual', content: '# Manual\n\nHeron nesting season.' }],
        });
        for (;;) {
          const job = await call<JobRecord>(`jobs/${job_id}`);
          if (job.status === 'completed' || job.status === 'failed') return job;
          await new Promise((r) => setTimeout(r, 50));
        }
      },
      async syncs(id: string, n: number): Promise<SyncRecord[]> {
        for (;;) {
          const done = ((await call<SourceRecord>(`sources/${id}`)).syncs ?? []).filter(
            (s) => s.status === 'completed' || s.status === 'failed',
          );
          if (done.length >= n) return done;
          await new Promise((r) => setTimeout(r, 50));
        }
      },
      async found(query: string): Promise<string[]> {
        const { results } = await call<{ results: { document_id: string }[] }>('rag/search/', {
          query,
          search_mode: 'keyword',
        });
        return results.map((r) => r.document_id);
      },
      async documents(): Promise<number> {
        return (await call<{ documents: unknown[] }>('documents/?limit=50')).documents.length;
      },
    };
  }

  it('drops the records, reads every source again, and ingests a document sent again', async () => {
    const first = await start();
    expect(await first.ingest()).toMatchObject({ status: 'completed', processed: 1, skipped: 0 });
    const { id } = await first.call<SourceRecord>('sources/', {
      type: 'sitemap',
      url: `${site.origin}/sitemap.xml`,
    });
    await first.call(`sources/${id}/sync`, {});
    expect((await first.syncs(id, 1))[0]).toMatchObject({ status: 'completed', added: 2 });
    expect(await first.found('heron')).toEqual(['manual']);
    expect(await first.documents()).toBe(3);
    await stacks.shift()!.close(); // its data folder goes; Redis keeps the records

    const second = await start();
    const [rebuild] = await second.syncs(id, 2);
    expect(rebuild).toMatchObject({ status: 'completed', trigger: 'rebuild', added: 2, unchanged: 0 });
    expect((await second.found('pelican')).sort()).toHaveLength(2);
    expect(await second.documents()).toBe(2);
    expect(await second.found('heron')).toEqual([]);
    expect(await second.ingest()).toMatchObject({ status: 'completed', processed: 1, skipped: 0 });
    expect(await second.found('heron')).toEqual(['manual']);
  });
});
