import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { Redis } from 'ioredis';
import { runDocqa } from './testing/run-docqa';
import { startStack, type Stack } from '@docqa/system-tests/testing';
import { htmlPage, startDocsSite, type DocsSite } from '@docqa/sync/testing';
import { deletePrefix, testPrefix, testRedis } from '@docqa/testing';

const root = join(__dirname, '../../..');

describe('docqa sources add, update, list, sync and remove against the stack', () => {
  let stack: Stack;
  let redis: Redis;
  let site: DocsSite;
  const prefix = testPrefix('cli-sources');

  beforeAll(async () => {
    execFileSync(process.execPath, [join(root, 'tools/build.mjs'), '--only', 'cli', '--quiet'], {
      cwd: root,
    });
    redis = testRedis();
    site = await startDocsSite({ '/a': htmlPage('A', 'Page a.'), '/b': htmlPage('B', 'Page b.') });
    site.setSitemap();
    stack = await startStack({ prefix, env: { SOURCES_ALLOW_PRIVATE_NETWORKS: 'true' } });
  });
  afterAll(async () => {
    await stack.close();
    await site.close();
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  const docqa = (...args: string[]) => runDocqa(stack, ...args);

  it('adds a sitemap source, syncs it with counts, lists it and removes it', async () => {
    const added = await docqa('sources', 'add', 'sitemap', `${site.origin}/sitemap.xml`, '--schedule', '6h');
    expect(added.code).toBe(0);
    const id = added.stdout.trim();
    expect(id).toMatch(/^s_/);

    const synced = await docqa('sources', 'sync', id, '--wait');
    expect(synced.stderr).toMatch(/completed: \d+ added, \d+ updated, \d+ unchanged, 0 deleted, 0 failed/);
    expect(synced.code).toBe(0);

    const listed = await docqa('sources', 'list');
    expect(listed.stdout).toContain(`${id}\tsitemap\t${site.origin}/sitemap.xml\t6h\tcompleted`);

    expect((await docqa('sources', 'remove', id)).code).toBe(0);
    expect((await docqa('sources', 'list')).stdout).not.toContain(id);
  });

  it('changes a source’s metadata and schedule, and refuses a call that changes nothing', async () => {
    const id = (await docqa('sources', 'add', 'sitemap', `${site.origin}/sitemap.xml`)).stdout.trim();
    expect((await docqa('sources', 'sync', id, '--wait')).code).toBe(0);
    const updated = await docqa('sources', 'update', id, '--metadata', 'product=docs');
    expect(updated).toMatchObject({ code: 0, stderr: expect.stringContaining(`updated ${id}`) });
    // Every page is read anew: its document gets the new metadata.
    const synced = await docqa('sources', 'sync', id, '--wait');
    expect(synced.stderr).toMatch(/completed: 0 added, 2 updated, 0 unchanged/);
    // After the sync: a new interval schedule starts a sync at once.
    await docqa('sources', 'update', id, '--schedule', '1d');
    expect((await docqa('sources', 'list')).stdout).toContain(
      `${id}\tsitemap\t${site.origin}/sitemap.xml\t1d`,
    );
    await docqa('sources', 'update', id, '--schedule', 'none');
    expect((await docqa('sources', 'list')).stdout).toContain(`${site.origin}/sitemap.xml\t-\t`);

    const nothing = await docqa('sources', 'update', id);
    expect(nothing).toMatchObject({ code: 1, stderr: expect.stringContaining('nothing to change') });
    const token = await docqa('sources', 'update', id, '--repo-token', 'ghp_x');
    expect(token).toMatchObject({ code: 1, stderr: expect.stringContaining('github') });
    await docqa('sources', 'remove', id);
  });

  it('refuses a bad schedule with the server’s reason', async () => {
    const bad = await docqa('sources', 'add', 'sitemap', `${site.origin}/sitemap.xml`, '--schedule', 'often');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/15m to 30d/);
  });
});
