import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { QUEUE_NAMES, type SourceRecord, type SyncRecord } from '@docqa/contracts';
import { Keys } from '@docqa/redis';
import { startGitHubStandIn, type GitHubStandIn } from '@docqa/sync/testing';
import { deletePrefix, testPrefix, testRedis } from '@docqa/testing';
import { startStack, type Stack } from './testing/start-stack';

describe('a source changed with PATCH /sources/{id} (token, metadata, schedule)', () => {
  let stack: Stack;
  let redis: Redis;
  let github: GitHubStandIn;
  let queue: Queue;
  let headers: Record<string, string>;
  const prefix = testPrefix('source-update');

  beforeAll(async () => {
    redis = testRedis();
    github = await startGitHubStandIn();
    stack = await startStack({
      prefix,
      env: {
        SOURCES_ALLOW_PRIVATE_NETWORKS: 'true',
        GITHUB_API_URL: github.url,
        SECRETS_KEY: 'test secrets key, 32 characters.',
      },
    });
    const token = await stack.createToken({ tenant: 'acme', scopes: ['ingest', 'search'] });
    headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    queue = new Queue(QUEUE_NAMES.sources, { connection: redis, prefix: new Keys(prefix).queuePrefix() });
  });
  afterAll(async () => {
    await queue.close();
    await stack.close();
    await github.close();
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  const call = (path: string, init: RequestInit = {}, auth = headers) =>
    fetch(stack.apiUrl + path, { ...init, headers: auth });
  const create = async (body: object) => {
    const res = await call('sources/', { method: 'POST', body: JSON.stringify(body) });
    expect(res.status).toBe(201);
    return (await res.json()) as SourceRecord;
  };
  const patch = (id: string, body: object, auth = headers) =>
    call(`sources/${id}`, { method: 'PATCH', body: JSON.stringify(body) }, auth);
  const documents = async () =>
    (
      (await (await call('documents/?limit=200')).json()) as {
        documents: { id: string; metadata: Record<string, string> }[];
      }
    ).documents;

  /** Syncs the source now and waits for the sync to end. */
  async function sync(id: string): Promise<SyncRecord> {
    const { job_id } = await (await call(`sources/${id}/sync`, { method: 'POST' })).json();
    for (;;) {
      const record = (await (await call(`sources/${id}`)).json()) as SourceRecord;
      const done = record.syncs?.find((s) => s.job_id === job_id);
      if (done && (done.status === 'completed' || done.status === 'failed')) return done;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Every value stored under the source's keys, as text. */
  async function stored(id: string): Promise<string> {
    const keys = await redis.keys(`${new Keys(prefix).source('acme', id)}*`);
    const values = await Promise.all(
      keys.map(async (key) =>
        (await redis.type(key)) === 'string'
          ? await redis.get(key)
          : JSON.stringify(await redis.hgetall(key)),
      ),
    );
    return values.join('\n');
  }

  it('sets, replaces and removes a private repository’s access token, never showing it', async () => {
    github.repos.set('acme/handbook', {
      default_branch: 'main',
      token: 'ghp_first',
      branches: { main: { 'handbook.md': '# Handbook\n\nPrivate things.' } },
    });
    const source = await create({ type: 'github', repo: 'acme/handbook' });
    expect(await sync(source.id)).toMatchObject({ status: 'failed' });

    const set = await patch(source.id, { token: 'ghp_first' });
    expect(set.status).toBe(200);
    expect(await set.json()).toMatchObject({ id: source.id, repo: 'acme/handbook', has_token: true });
    expect(await sync(source.id)).toMatchObject({ status: 'completed', added: 1 });

    // The token is rotated on GitHub: the old one is refused until it is replaced.
    github.repos.get('acme/handbook')!.token = 'ghp_second';
    expect(await sync(source.id)).toMatchObject({ status: 'failed' });
    expect((await patch(source.id, { token: 'ghp_second' })).status).toBe(200);
    expect(await sync(source.id)).toMatchObject({ status: 'completed', unchanged: 1 });
    const shown = JSON.stringify([
      await (await call(`sources/${source.id}`)).json(),
      await (await call('sources/')).json(),
    ]);
    expect(shown).not.toMatch(/ghp_/);
    expect(await stored(source.id)).not.toMatch(/ghp_/);

    const removed = await patch(source.id, { token: null });
    expect(await removed.json()).toMatchObject({ has_token: false });
    expect(await sync(source.id)).toMatchObject({ status: 'failed' });
    expect(await documents()).toHaveLength(1);
  });

  it('gives every document the new metadata at the next sync, though no page changed', async () => {
    github.repos.set('acme/guide', {
      default_branch: 'main',
      branches: { main: { 'a.md': '# A\n\nFirst page.', 'b.md': '# B\n\nSecond page.' } },
    });
    const source = await create({ type: 'github', repo: 'acme/guide', metadata: { product: 'cloud' } });
    expect(await sync(source.id)).toMatchObject({ status: 'completed', added: 2 });

    const changed = await patch(source.id, { metadata: { product: 'server', tier: 'pro' } });
    expect(await changed.json()).toMatchObject({ metadata: { product: 'server', tier: 'pro' } });
    expect(await sync(source.id)).toMatchObject({ status: 'completed', updated: 2, unchanged: 0 });
    const mine = (await documents()).filter((d) => d.metadata.source_id === source.id);
    expect(mine.map((d) => d.metadata)).toEqual([
      expect.objectContaining({ product: 'server', tier: 'pro' }),
      expect.objectContaining({ product: 'server', tier: 'pro' }),
    ]);
    // Settings left out stay as they were.
    expect((await (await patch(source.id, { include: ['*.md'] })).json()).metadata).toEqual({
      product: 'server',
      tier: 'pro',
    });
  });

  it('sets, replaces and clears a schedule', async () => {
    const source = await create({ type: 'url', url: 'http://127.0.0.1:9/page' });
    expect(await queue.getJobSchedulers()).toHaveLength(0);
    expect(await (await patch(source.id, { schedule: '1d' })).json()).toMatchObject({ schedule: '1d' });
    expect((await queue.getJobSchedulers()).map((s) => s.every)).toEqual([86_400_000]);
    await patch(source.id, { schedule: '6h' });
    expect((await queue.getJobSchedulers()).map((s) => s.every)).toEqual([21_600_000]);
    expect(await (await patch(source.id, { schedule: null })).json()).toMatchObject({ schedule: null });
    expect(await queue.getJobSchedulers()).toHaveLength(0);
  });

  it('refuses a token for a page, a new URL or type, and another tenant’s or a deleted source', async () => {
    const source = await create({ type: 'url', url: 'https://docs.example.com/page' });
    const token = await patch(source.id, { token: 'ghp_x' });
    expect(token.status).toBe(400);
    expect(JSON.stringify(await token.json())).toContain('body.token');
    expect((await patch(source.id, { url: 'https://elsewhere.example.com/' })).status).toBe(400);
    expect((await patch(source.id, { type: 'sitemap' })).status).toBe(400);
    expect((await patch(source.id, { schedule: '1m' })).status).toBe(400);

    const other = await stack.createToken({ tenant: 'globex', scopes: ['ingest'] });
    const foreign = { ...headers, authorization: `Bearer ${other}` };
    expect((await patch(source.id, { metadata: {} }, foreign)).status).toBe(404);
    expect((await call(`sources/${source.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await patch(source.id, { metadata: {} })).status).toBe(404);
    expect(await redis.exists(new Keys(prefix).source('acme', source.id))).toBe(0);
  });
});
