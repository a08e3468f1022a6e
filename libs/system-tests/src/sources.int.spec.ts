import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { QUEUE_NAMES, type DocumentRecord, type SourceRecord, type SyncRecord } from '@docqa/contracts';
import { Keys } from '@docqa/redis';
import { minimalPdf } from '@docqa/sources/testing';
import { htmlPage, startDocsSite, type DocsSite } from '@docqa/sync/testing';
import { deletePrefix, freePort, testPrefix, testRedis } from '@docqa/testing';
import { startStack, type Stack } from './testing/start-stack';

describe('sources kept in sync (sitemap, llms.txt; schedules, leases)', () => {
  let stack: Stack;
  let redis: Redis;
  let site: DocsSite;
  let queue: Queue;
  let headers: Record<string, string>;
  const prefix = testPrefix('sources');

  beforeAll(async () => {
    redis = testRedis();
    stack = await startStack({
      prefix,
      env: { SOURCES_ALLOW_PRIVATE_NETWORKS: 'true' },
    });
    const token = await stack.createToken({ tenant: 'acme', scopes: ['ingest', 'search'] });
    headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    queue = new Queue(QUEUE_NAMES.sources, { connection: redis, prefix: new Keys(prefix).queuePrefix() });
    site = await startDocsSite();
  });
  afterAll(async () => {
    await site.close();
    await queue.close();
    await stack.close();
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  const call = (path: string, init: RequestInit = {}, auth = headers) =>
    fetch(stack.apiUrl + path, { ...init, headers: auth });
  const post = (path: string, body?: unknown) =>
    call(path, { method: 'POST', ...(body !== undefined && { body: JSON.stringify(body) }) });
  const source = async (id: string) => (await (await call(`sources/${id}`)).json()) as SourceRecord;
  const documentIds = async () =>
    ((await (await call('documents/?limit=200')).json()) as { documents: { id: string }[] }).documents
      .map((d) => d.id)
      .sort();

  /** Waits until the source has `n` finished syncs and returns the newest. */
  async function finishedSync(id: string, n: number): Promise<SyncRecord> {
    for (;;) {
      const syncs = (await source(id)).syncs ?? [];
      const done = syncs.filter((s) => s.status === 'completed' || s.status === 'failed');
      if (done.length >= n) return done[0]!;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Fires the source's schedule now: promotes the scheduler's next (delayed) job. */
  async function fireSchedule(): Promise<void> {
    for (;;) {
      const [next] = await queue.getDelayed();
      if (next) return void (await next.promote());
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it('syncs a scheduled sitemap through a change, a removal, failing pages and a failing sitemap', async () => {
    for (const n of [1, 2, 3, 4, 5])
      site.pages.set(`/docs/p${n}`, htmlPage(`Page ${n}`, `Text of page ${n}.`));
    site.setSitemap();
    const created = await post('sources/', {
      type: 'sitemap',
      url: `${site.origin}/sitemap.xml`,
      schedule: '1d',
      metadata: { product: 'docs' },
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as SourceRecord;
    expect(await queue.getJobSchedulers()).toHaveLength(1);

    // A day-long schedule runs its first sync at once; later ones are fired by the test.
    const first = await finishedSync(id, 1);
    expect(first).toMatchObject({ status: 'completed', trigger: 'schedule', added: 5, failed: 0 });
    expect(await documentIds()).toHaveLength(5);

    site.pages.set('/docs/p1', htmlPage('Page 1', 'New text of page one.'));
    site.pages.delete('/docs/p2');
    site.setSitemap(['/docs/p1', '/docs/p3', '/docs/p4', '/docs/p5']);
    site.pages.set('/docs/p3', { body: '', status: 500 });
    site.log.length = 0;
    await fireSchedule();
    const second = await finishedSync(id, 2);
    expect(second).toMatchObject({
      status: 'completed',
      added: 0,
      updated: 1,
      unchanged: 2,
      deleted: 1,
      failed: 1,
    });
    expect(second.failures).toEqual([{ url: `${site.origin}/docs/p3`, reason: 'HTTP 500' }]);
    expect(site.log.filter((l) => l.startsWith('304'))).toHaveLength(2);
    const ids = await documentIds();
    expect(ids).toHaveLength(4);
    expect(ids.some((d) => d.endsWith('/docs/p2'))).toBe(false);
    expect(ids.some((d) => d.endsWith('/docs/p3'))).toBe(true);

    site.pages.set('/sitemap.xml', { body: '', status: 503 });
    await fireSchedule();
    const third = await finishedSync(id, 3);
    expect(third).toMatchObject({ status: 'failed', deleted: 0 });
    expect(third.error).toMatch(/HTTP 503/);
    expect(await documentIds()).toHaveLength(4);

    const other = await stack.createToken({ tenant: 'other', scopes: ['ingest'] });
    const foreign = { authorization: `Bearer ${other}` };
    expect((await call(`sources/${id}`, {}, foreign)).status).toBe(404);
    expect((await call(`sources/${id}`, { method: 'DELETE' }, foreign)).status).toBe(404);

    expect((await call(`sources/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await documentIds()).toEqual([]);
    expect(await queue.getJobSchedulers()).toHaveLength(0);
  });

  it('refuses a bad schedule and a source without its URL, naming the fields', async () => {
    const res = await post('sources/', { type: 'sitemap', url: `${site.origin}/s.xml`, schedule: '5m' });
    expect(res.status).toBe(400);
    const problem = await res.json();
    expect(problem.errors).toEqual([expect.objectContaining({ path: 'body.schedule' })]);
    const noUrl = await (await post('sources/', { type: 'llms_txt' })).json();
    expect(noUrl.errors).toEqual([expect.objectContaining({ path: 'body.url' })]);
  });

  it('syncs the pages an llms.txt links to, and llms-full.txt split at its headings', async () => {
    site.pages.set('/llms/a', { body: '# Alpha\n\nAlpha text.', type: 'text/markdown' });
    site.pages.set('/llms/b', { body: '# Beta\n\nBeta text.', type: 'text/markdown' });
    site.pages.set('/llms.txt', {
      type: 'text/plain',
      body: `# Site\n\n> About the site.\n\n## Docs\n\n- [Alpha](${site.origin}/llms/a): first\n- [Beta](/llms/b)\n- [Mail](mailto:a@b.c)\n`,
    });
    site.pages.set('/llms-full.txt', {
      type: 'text/plain',
      body: '# Guide\n\nIntro.\n\n## Install\n\nRun npm ci.\n\n## Usage\n\nRun npm start.\n',
    });
    const links = (await (
      await post('sources/', { type: 'llms_txt', url: `${site.origin}/llms.txt` })
    ).json()) as SourceRecord;
    expect((await post(`sources/${links.id}/sync`)).status).toBe(202);
    expect(await finishedSync(links.id, 1)).toMatchObject({ status: 'completed', added: 2 });

    const full = (await (
      await post('sources/', { type: 'llms_txt', url: `${site.origin}/llms-full.txt` })
    ).json()) as SourceRecord;
    await post(`sources/${full.id}/sync`);
    expect(await finishedSync(full.id, 1)).toMatchObject({ status: 'completed', added: 3 });
    const ids = await documentIds();
    expect(ids).toEqual(expect.arrayContaining([expect.stringMatching(/llms-full\.txt-install$/)]));
    await call(`sources/${links.id}`, { method: 'DELETE' });
    await call(`sources/${full.id}`, { method: 'DELETE' });
  });

  it('runs one sync of a source at a time, and takes over after a crashed holder’s lease lapses', async () => {
    site.pages.set('/one', htmlPage('One', 'Only page.'));
    const { id } = (await (
      await post('sources/', { type: 'url', url: `${site.origin}/one` })
    ).json()) as SourceRecord;
    // A worker that died mid-sync left its lease behind; nothing renews it.
    await redis.set(new Keys(prefix).sourceLease('acme', id), 'dead-worker', 'PX', 1500);
    const a = await (await post(`sources/${id}/sync`)).json();
    const b = await (await post(`sources/${id}/sync`)).json();
    await finishedSync(id, 2);
    const syncs = (await source(id)).syncs!;
    const [later, earlier] = [...syncs].sort((x, y) => y.started_at!.localeCompare(x.started_at!));
    expect(new Set(syncs.map((s) => s.job_id))).toEqual(new Set([a.job_id, b.job_id]));
    expect(later!.started_at! >= earlier!.finished_at!).toBe(true);
    expect(earlier).toMatchObject({ status: 'completed', added: 1 });
    expect(later).toMatchObject({ status: 'completed', unchanged: 1 });
    await call(`sources/${id}`, { method: 'DELETE' });
  });

  it('chunks an unchanged page again, once, after the chunker changed (pages synced before versions)', async () => {
    site.pages.set('/kept', htmlPage('Kept', 'Run <code>docqa ingest</code>.'));
    const { id } = (await (
      await post('sources/', { type: 'url', url: `${site.origin}/kept` })
    ).json()) as SourceRecord;
    await post(`sources/${id}/sync`);
    expect(await finishedSync(id, 1)).toMatchObject({ status: 'completed', added: 1 });
    // What an install synced before chunking versions left: page states without one, and a
    // document hash of its content alone.
    const keys = new Keys(prefix);
    const pages = await redis.hgetall(keys.sourcePages('acme', id));
    for (const [url, json] of Object.entries(pages)) {
      const { chunking: _dropped, ...state } = JSON.parse(json) as { chunking?: number };
      await redis.hset(keys.sourcePages('acme', id), url, JSON.stringify(state));
      const docKey = keys.document('acme', (state as { document_id: string }).document_id);
      const record = JSON.parse((await redis.get(docKey))!) as { hash: string };
      await redis.set(docKey, JSON.stringify({ ...record, hash: 'from-before-versions' }));
    }
    await post(`sources/${id}/sync`);
    const again = await finishedSync(id, 2);
    expect(again).toMatchObject({ status: 'completed', updated: 1, unchanged: 0 });
    expect(again.chunks).toBeGreaterThan(0);
    await post(`sources/${id}/sync`);
    expect(await finishedSync(id, 3)).toMatchObject({ status: 'completed', updated: 0, unchanged: 1 });
    await call(`sources/${id}`, { method: 'DELETE' });
  });

  it('indexes a page again when its document is gone, though the page did not change', async () => {
    site.pages.set('/shared', htmlPage('Shared', 'Listed by two sources.'));
    const create = async (url: string) => {
      const { id } = (await (await post('sources/', { type: 'url', url })).json()) as SourceRecord;
      await post(`sources/${id}/sync`);
      return id;
    };
    const first = await create(`${site.origin}/shared`);
    expect(await finishedSync(first, 1)).toMatchObject({ status: 'completed', added: 1 });
    const before = await documentIds();
    // A second source takes the page's document over, and deleting it deletes the document.
    const second = await create(`${site.origin}/shared#again`);
    expect(await finishedSync(second, 1)).toMatchObject({ status: 'completed', added: 1 });
    await call(`sources/${second}`, { method: 'DELETE' });
    const after = await documentIds();
    const shared = before.filter((id) => !after.includes(id));
    expect(shared).toHaveLength(1);
    await post(`sources/${first}/sync`);
    expect(await finishedSync(first, 2)).toMatchObject({ status: 'completed', unchanged: 0, updated: 1 });
    expect(await documentIds()).toEqual(before);
    await call(`sources/${first}`, { method: 'DELETE' });
  });

  it('gives each page the version its URL shows by the source’s version rule, at every sync', async () => {
    const start = await documentIds();
    site.pages.set('/docs/1.x/install', htmlPage('Install', 'Install the agent with the legacy installer.'));
    site.pages.set('/docs/2.x/install', htmlPage('Install', 'Install the agent with the package manager.'));
    site.pages.set('/docs/about', htmlPage('About', 'The agent is made by Acme.'));
    site.setSitemap(['/docs/1.x/install', '/docs/2.x/install', '/docs/about']);
    const { id } = (await (
      await post('sources/', {
        type: 'sitemap',
        url: `${site.origin}/sitemap.xml`,
        version_pattern: '/docs/(?<version>\\d+\\.x)/',
      })
    ).json()) as SourceRecord;
    expect((await source(id)).version_pattern).toBe('/docs/(?<version>\\d+\\.x)/');
    const versions = async () => {
      const ids = (await documentIds()).filter((d) => !start.includes(d));
      const records = await Promise.all(
        ids.map(
          async (d) => (await (await call(`documents/${encodeURIComponent(d)}`)).json()) as DocumentRecord,
        ),
      );
      return records.map((r) => [r.url, r.version ?? null]).sort();
    };
    await post(`sources/${id}/sync`);
    expect(await finishedSync(id, 1)).toMatchObject({ status: 'completed', added: 3 });
    const expected = [
      [`${site.origin}/docs/1.x/install`, '1.x'],
      [`${site.origin}/docs/2.x/install`, '2.x'],
      [`${site.origin}/docs/about`, null],
    ];
    expect(await versions()).toEqual(expected);
    // A re-sync with a changed page keeps the versions.
    site.pages.set('/docs/2.x/install', htmlPage('Install', 'Install the agent with apt.'));
    await post(`sources/${id}/sync`);
    expect(await finishedSync(id, 2)).toMatchObject({ status: 'completed', updated: 1 });
    expect(await versions()).toEqual(expected);
    await call(`sources/${id}`, { method: 'DELETE' });
  });

  it('indexes a page that redirects to another page the sitemap lists once, under that page', async () => {
    const start = await documentIds();
    site.pages.set('/moved/install', htmlPage('Install', 'Install with npm ci.'));
    site.pages.set('/moved/setup', htmlPage('Setup', 'The old setup page.'));
    site.setSitemap(['/moved/install', '/moved/setup']);
    const create = async () => {
      const { id } = (await (
        await post('sources/', { type: 'sitemap', url: `${site.origin}/sitemap.xml` })
      ).json()) as SourceRecord;
      await post(`sources/${id}/sync`);
      return id;
    };
    const id = await create();
    expect(await finishedSync(id, 1)).toMatchObject({ status: 'completed', added: 2 });
    const indexed = (await documentIds()).filter((d) => !start.includes(d));
    expect(indexed).toHaveLength(2);
    // The old page now redirects to the new one, which the sitemap lists too: its document goes.
    site.pages.set('/moved/setup', { body: '', redirect: '/moved/install' });
    await post(`sources/${id}/sync`);
    expect(await finishedSync(id, 2)).toMatchObject({ status: 'completed', deleted: 1, unchanged: 1 });
    const kept = (await documentIds()).filter((d) => !start.includes(d));
    expect(kept).toHaveLength(1);
    expect(indexed).toContain(kept[0]);
    await call(`sources/${id}`, { method: 'DELETE' });
    // A source that meets the redirect at its first sync indexes the page once.
    const fresh = await create();
    expect(await finishedSync(fresh, 1)).toMatchObject({ status: 'completed', added: 1, failed: 0 });
    expect((await documentIds()).filter((d) => !start.includes(d))).toEqual(kept);
    await call(`sources/${fresh}`, { method: 'DELETE' });
  });

  it('reports bad pages one by one (unreachable, huge, not text, bombs, a sitemap loop) and syncs the rest', async () => {
    site.pages.set('/bad/ok', htmlPage('Fine', 'A fine page.'));
    // 150 MB of content in a PDF of about 150 KB, and 200,000 nested elements.
    const bomb = minimalPdf({ lines: ['Bomb'], filler: 150 * 1024 * 1024 });
    site.pages.set('/bad/bomb.pdf', { body: bomb, type: 'application/pdf' });
    site.pages.set('/bad/deep', { body: `${'<div>'.repeat(200_000)}deep${'</div>'.repeat(200_000)}` });
    site.pages.set('/bad/huge', { body: 'x'.repeat(11 * 1024 * 1024), type: 'text/plain' });
    site.pages.set('/bad/blob.bin', { body: 'binary', type: 'application/octet-stream' });
    site.pages.set('/bad/sitemap.xml', {
      type: 'application/xml',
      // An index that names itself and a sitemap of pages: the loop is followed once.
      body: `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${site.origin}/bad/sitemap.xml</loc></sitemap><sitemap><loc>${site.origin}/bad/pages.xml</loc></sitemap></sitemapindex>`,
    });
    const urls = ['/bad/ok', '/bad/huge', '/bad/blob.bin', '/bad/missing', '/bad/bomb.pdf', '/bad/deep'];
    site.pages.set('/bad/pages.xml', {
      type: 'application/xml',
      body: `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.map((u) => `<url><loc>${site.origin}${u}</loc></url>`).join('')}</urlset>`,
    });
    const { id } = (await (
      await post('sources/', { type: 'sitemap', url: `${site.origin}/bad/sitemap.xml` })
    ).json()) as SourceRecord;
    await post(`sources/${id}/sync`);
    const sync = await finishedSync(id, 1);
    expect([sync.error, sync]).toMatchObject([undefined, { status: 'completed', added: 1, failed: 5 }]);
    const reasons = Object.fromEntries(sync.failures.map((f) => [new URL(f.url).pathname, f.reason]));
    expect(reasons).toEqual({
      '/bad/huge': 'larger than 10 MB',
      '/bad/blob.bin': 'unsupported content type application/octet-stream',
      '/bad/missing': 'HTTP 404',
      '/bad/bomb.pdf': 'the PDF inflates past 50 MB',
      '/bad/deep': 'the HTML nests elements more than 500 levels deep',
    });

    const unreachable = (await (
      await post('sources/', { type: 'url', url: `http://127.0.0.1:${await freePort()}/docs` })
    ).json()) as SourceRecord;
    await post(`sources/${unreachable.id}/sync`);
    const failed = await finishedSync(unreachable.id, 1);
    expect(failed).toMatchObject({ status: 'completed', failed: 1, added: 0 });
    expect(failed.failures[0]!.reason).toMatch(/cannot fetch: ECONNREFUSED/);
    await call(`sources/${id}`, { method: 'DELETE' });
    await call(`sources/${unreachable.id}`, { method: 'DELETE' });
  });
});
