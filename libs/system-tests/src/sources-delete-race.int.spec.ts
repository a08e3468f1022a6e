import pino from 'pino';
import type { Redis } from 'ioredis';
import type { IngestJob, JobRecord } from '@docqa/contracts';
import { openProcessClients, parseLimitsOf, type ProcessClients } from '@docqa/composition';
import { createDocumentService, type DocumentService } from '@docqa/ingest';
import { IngestQueue, SourceQueue } from '@docqa/queue';
import { Keys, bullConnection } from '@docqa/redis';
import { createRetrieval } from '@docqa/retrieval-setup';
import { createSources, type Sources } from '@docqa/sync';
import { htmlPage, startDocsSite, type DocsSite } from '@docqa/sync/testing';
import { deletePrefix, testPrefix, testRedis, waitFor } from '@docqa/testing';
import { type Stack, startStack } from './testing/start-stack';

/** A promise and the function that resolves it. */
function latch(): { promise: Promise<void>; open(): void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

/**
 * Where a sync is held while the test deletes its source: before it indexes a batch of changed
 * pages, or after it indexed them but before it recorded their states.
 */
type HoldAt = 'before indexing' | 'after indexing';

describe('a source whose sync is held while it runs', () => {
  let stack: Stack;
  let redis: Redis;
  let site: DocsSite;
  let clients: ProcessClients;
  let queues: { ingest: IngestQueue; sources: SourceQueue };
  let sources: Sources;
  let closeRetrieval: () => Promise<void>;
  let headers: Record<string, string>;
  /** Set by a test to hold the sync's next `ingestNow` at a point. */
  let hold: { at: HoldAt; reached: ReturnType<typeof latch>; release: ReturnType<typeof latch> } | null;
  const prefix = testPrefix('sync-delete');
  const keys = new Keys(prefix);

  beforeAll(async () => {
    redis = testRedis();
    site = await startDocsSite();
    stack = await startStack({ prefix, noWorker: true, env: { SOURCES_ALLOW_PRIVATE_NETWORKS: 'true' } });
    const token = await stack.createToken({ tenant: 'acme', scopes: ['ingest', 'search'] });
    headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    // The sync runs here, in the test, over a document service whose indexing the test can hold:
    // composed by hand, as the composition root does, with the held service in between.
    const logger = pino({ level: 'silent' });
    clients = await openProcessClients(stack.config, 'docqa-test-sync', logger);
    const connection = () => bullConnection(clients.target, 'command', 'docqa-test-queue');
    queues = {
      ingest: new IngestQueue({
        connection: connection(),
        prefix: keys.queuePrefix(),
        attempts: stack.config.jobAttempts,
      }),
      sources: new SourceQueue({ connection: connection(), prefix: keys.queuePrefix() }),
    };
    const retrieval = await createRetrieval(stack.config);
    closeRetrieval = () => retrieval.deps.store.close();
    const documents = createDocumentService(stack.config, {
      ...clients,
      ...retrieval.deps,
      queue: queues.ingest,
      logger,
    });
    const real = documents.service;
    const held = Object.create(real) as DocumentService;
    held.ingestNow = async (
      tenant: string,
      jobId: string,
      docs: IngestJob['documents'],
    ): Promise<JobRecord> => {
      const h = hold;
      hold = null;
      if (h?.at === 'before indexing') {
        h.reached.open();
        await h.release.promise;
      }
      const job = await real.ingestNow(tenant, jobId, docs);
      if (h?.at === 'after indexing') {
        h.reached.open();
        await h.release.promise;
      }
      return job;
    };
    sources = createSources(stack.config, {
      ...clients,
      queue: queues.sources,
      documents: held,
      parseLimits: parseLimitsOf(stack.config),
      logger,
    });
  });
  afterAll(async () => {
    await queues.sources.close();
    await queues.ingest.close();
    await closeRetrieval();
    await clients.close();
    await stack.close();
    await site.close();
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  const api = (path: string, init: RequestInit = {}) => fetch(stack.apiUrl + path, { ...init, headers });
  const documentIds = async () =>
    ((await (await api('documents/?limit=200')).json()) as { documents: { id: string }[] }).documents.map(
      (d) => d.id,
    );
  /** The source's keys left in Redis: its record, page states, syncs, lease, batch being indexed. */
  const sourceKeys = (id: string) => redis.keys(`${keys.source('acme', id)}*`);
  const found = async (query: string) =>
    (
      (await (await api('rag/search/', { method: 'POST', body: JSON.stringify({ query }) })).json()) as {
        results: unknown[];
      }
    ).results;

  it.each<HoldAt>(['before indexing', 'after indexing'])(
    'the delete wins when it lands %s a batch: no document, chunk, page state or sync is left',
    async (at) => {
      const dir = at.replace(' ', '-');
      site.pages.set(`/${dir}/a`, htmlPage('Aardvark care', 'Aardvarks eat termites at night.'));
      site.pages.set(`/${dir}/b`, htmlPage('Badger care', 'Badgers dig long burrows.'));
      site.setSitemap([`/${dir}/a`, `/${dir}/b`]);
      const created = await api('sources/', {
        method: 'POST',
        body: JSON.stringify({ type: 'sitemap', url: `${site.origin}/sitemap.xml` }),
      });
      const { id } = (await created.json()) as { id: string };
      const first = await sources.syncer.sync(
        { tenant: 'acme', source_id: id, trigger: 'manual' },
        `j-${dir}-1`,
      );
      expect(first).toMatchObject({ status: 'completed', added: 2 });
      expect(await documentIds()).toHaveLength(2);

      // The second sync finds a changed page and a new one; the test holds it at `at`.
      site.pages.set(`/${dir}/a`, htmlPage('Aardvark care', 'Aardvarks sleep in burrows by day.'));
      site.pages.set(`/${dir}/c`, htmlPage('Capybara care', 'Capybaras swim in warm rivers.'));
      site.setSitemap([`/${dir}/a`, `/${dir}/b`, `/${dir}/c`]);
      hold = { at, reached: latch(), release: latch() };
      const { reached, release } = hold;
      const second = sources.syncer.sync({ tenant: 'acme', source_id: id, trigger: 'manual' }, `j-${dir}-2`);
      await reached.promise;
      // The delete answers once the sync it interrupted has stopped: the test lets the sync go on
      // when the delete has begun (the source's record is gone).
      const deleted = api(`sources/${id}`, { method: 'DELETE' });
      await waitFor(async () => !(await redis.exists(keys.source('acme', id))));
      release.open();
      expect((await deleted).status).toBe(204);
      const answered = { documents: await documentIds(), keys: await sourceKeys(id) };
      expect(await second).toBeNull();

      expect(answered).toEqual({ documents: [], keys: [] });
      expect(await documentIds()).toEqual([]);
      expect(await found('capybaras swim in warm rivers')).toEqual([]);
      expect(await found('aardvarks sleep in burrows')).toEqual([]);
      expect((await api(`sources/${id}`)).status).toBe(404);
      expect(await sourceKeys(id)).toEqual([]);
    },
  );

  it('removes the documents of a batch whose worker died after indexing it, before recording its pages', async () => {
    site.pages.set('/died/a', htmlPage('Aardvark care', 'Aardvarks eat termites at night.'));
    site.setSitemap(['/died/a']);
    const created = await api('sources/', {
      method: 'POST',
      body: JSON.stringify({ type: 'sitemap', url: `${site.origin}/sitemap.xml` }),
    });
    const { id } = (await created.json()) as { id: string };
    const sync = (jobId: string) =>
      sources.syncer.sync({ tenant: 'acme', source_id: id, trigger: 'manual' }, jobId);
    expect(await sync('j-died-1')).toMatchObject({ status: 'completed', added: 1 });

    site.pages.set('/died/c', htmlPage('Capybara care', 'Capybaras swim in warm rivers.'));
    site.setSitemap(['/died/a', '/died/c']);
    hold = { at: 'after indexing', reached: latch(), release: latch() };
    const { reached, release } = hold;
    const second = sync('j-died-2');
    await reached.promise;
    // The worker dies here: it never records the batch's pages, and its lease lapses.
    await redis.del(keys.sourceLease('acme', id));

    expect((await api(`sources/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await documentIds()).toEqual([]);
    expect(await found('capybaras swim in warm rivers')).toEqual([]);
    expect(await sourceKeys(id)).toEqual([]);
    release.open();
    expect(await second).toBeNull();
  });

  it('shows a running sync’s progress: the pages listed and read, and what it made of them so far', async () => {
    site.pages.set('/progress/a', htmlPage('Aardvark care', 'Aardvarks eat termites at night.'));
    site.pages.set('/progress/b', htmlPage('Badger care', 'Badgers dig long burrows.'));
    site.setSitemap(['/progress/a', '/progress/b']);
    const created = await api('sources/', {
      method: 'POST',
      body: JSON.stringify({ type: 'sitemap', url: `${site.origin}/sitemap.xml` }),
    });
    const { id } = (await created.json()) as { id: string };
    const sync = (jobId: string) =>
      sources.syncer.sync({ tenant: 'acme', source_id: id, trigger: 'manual' }, jobId);
    expect(await sync('j-progress-1')).toMatchObject({ listed: 2, read: 2, added: 2 });

    // Every page is read when the sync indexes the changed ones: the record says so meanwhile.
    site.pages.set('/progress/a', htmlPage('Aardvark care', 'Aardvarks sleep in burrows by day.'));
    site.pages.set('/progress/c', htmlPage('Capybara care', 'Capybaras swim in warm rivers.'));
    site.setSitemap(['/progress/a', '/progress/b', '/progress/c']);
    hold = { at: 'before indexing', reached: latch(), release: latch() };
    const { reached, release } = hold;
    const second = sync('j-progress-2');
    await reached.promise;
    const running = (await (await api(`sources/${id}`)).json()) as { syncs: Record<string, unknown>[] };
    expect(running.syncs[0]).toMatchObject({
      job_id: 'j-progress-2',
      status: 'running',
      listed: 3,
      read: 3,
      unchanged: 1,
      added: 0,
      updated: 0,
    });
    release.open();
    expect(await second).toMatchObject({
      status: 'completed',
      listed: 3,
      read: 3,
      added: 1,
      updated: 1,
      unchanged: 1,
    });
  });
});
