import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddedStore } from './embedded-store';
import { doc, embedDocs } from '@docqa/retrieval/testing';

describe('EmbeddedStore keyword statistics on disk', () => {
  const dir = mkdtempSync(join(tmpdir(), 'docqa-term-stats-'));
  const opened: EmbeddedStore[] = [];
  const open = async () => {
    const store = await EmbeddedStore.open(dir);
    opened.push(store);
    return store;
  };
  const scores = async (store: EmbeddedStore, tenants: string[]) =>
    (await store.keywordSearch({ tenants, filters: [], limit: 10, text: 'quartz mirror' })).map((r) => [
      r.chunk_id,
      r.score,
    ]);
  const write = async (store: EmbeddedStore, tenant: string, texts: string[], id = 'one') => {
    const docs = [doc(id, texts)];
    await store.replaceDocuments(tenant, [docs[0]!.id], await embedDocs(tenant, docs));
  };

  afterAll(async () => {
    for (const store of opened) await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('shares them between store instances (as between processes), through concurrent writes', async () => {
    const [writer, reader] = [await open(), await open()];
    await write(writer, 'a', ['quartz mirror', 'quartz lamp', 'a mirror']);
    const before = await scores(reader, ['a']);
    expect(before).toEqual(await scores(writer, ['a']));
    await Promise.all([
      write(writer, 'a', ['quartz quartz', 'mirror mirror mirror']),
      write(reader, 'a', ['quartz', 'quartz mirror'], 'two'),
      write(reader, 'b', ['quartz', 'quartz mirror']),
    ]);
    expect(await scores(reader, ['a'])).toEqual(await scores(writer, ['a']));
    expect(await scores(reader, ['a'])).not.toEqual(before);
  });

  // The counts kept write by write equal a count of the table from scratch.
  it('counts a table written before they were kept, once, with a log line', async () => {
    const expected = await scores(opened[0]!, ['a', 'b']);
    rmSync(join(dir, 'term-stats'), { recursive: true, force: true });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const migrated = await open();
    expect(await scores(migrated, ['a', 'b'])).toEqual(expected);
    expect(warn.mock.calls[0]![0]).toMatch(/counting the keyword statistics of each tenant/);
    warn.mockClear();
    expect(await scores(await open(), ['a', 'b'])).toEqual(expected);
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  // Statistics of an earlier tokenisation are counted afresh, and a tenant that has no rows left
  // keeps no file.
  it('counts them afresh when they were kept for another version of the keyword terms', async () => {
    const expected = await scores(opened[0]!, ['a', 'b']);
    writeFileSync(join(dir, 'term-stats', 'complete.json'), JSON.stringify({ version: 1 }));
    writeFileSync(
      join(dir, 'term-stats', 'stale.json'),
      JSON.stringify({ tenant: 'gone', chunks: 3, df: [] }),
    );
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const recounted = await open();
    expect(await scores(recounted, ['a', 'b'])).toEqual(expected);
    expect(warn.mock.calls[0]![0]).toMatch(/counting the keyword statistics of each tenant/);
    warn.mockRestore();
    expect(readdirSync(join(dir, 'term-stats'))).not.toContain('stale.json');
  });
});
