import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import type { EmbeddedChunk } from '@docqa/retrieval';
import { EmbeddedStore } from './embedded-store';
import { latestIn, TableVersions } from './table-versions';

/** `n` chunks of tenant `a`, documents `d<from>` on, each holding `word` once; 4-d vectors. */
function chunks(from: number, n: number, word: string): EmbeddedChunk[] {
  return Array.from({ length: n }, (_, i) => ({
    tenant: 'a',
    document_id: `d${from + i}`,
    chunk_id: `d${from + i}#0`,
    title: `d${from + i}`,
    url: null,
    heading: '',
    text: `${word} passage ${i % 7 ? 'common' : 'rare'}`,
    metadata: {},
    vector: [1, (from + i) % 5, 1, 1],
  }));
}

describe('latestIn', () => {
  it('reads the latest version from manifest names of either naming, ignoring other files', () => {
    const named = (version: number) => `${(2n ** 64n - 1n - BigInt(version)).toString()}.manifest`;
    expect(latestIn([named(3), named(12), named(7), 'latest_version_hint.json', 'x.manifest-tmp'])).toBe(12);
    expect(latestIn(['1.manifest', '10.manifest', '9.manifest', '_latest.manifest'])).toBe(10);
    expect(latestIn(['latest_version_hint.json'])).toBeNull();
  });
});

describe('TableVersions of a table another process writes', () => {
  let dir: string;
  let writer: EmbeddedStore;
  let db: lancedb.Connection;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'docqa-table-versions-'));
    writer = await EmbeddedStore.open(dir, { searchMirror: false });
    await writer.replaceDocuments('a', [], chunks(0, 40, 'alpha'));
    db = await lancedb.connect(dir, { readConsistencyInterval: 0 });
  });

  afterEach(async () => {
    await writer.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('knows each version LanceDB commits, commits back to back included', async () => {
    const table = await db.openTable('chunks');
    const versions = new TableVersions(join(dir, 'chunks.lance'), () => db.openTable('chunks'));
    try {
      expect(versions.latest()).toBe(await table.version());
      // Commits within one tick of the folder's modification time, each checked right after.
      for (let i = 0; i < 12; i++) {
        await writer.replaceDocuments('a', i % 3 ? [] : [`d${i}`], chunks(100 + i, 1, 'beta'));
        expect(versions.latest()).toBe(await table.version());
      }
      const rows = await versions.reading(await table.version(), (pinned) => pinned.countRows());
      expect(rows).toBe(await table.countRows());
    } finally {
      versions.close();
      table.close();
    }
  });

  it('reads at the version asked, rows removed since included, while a later one is read', async () => {
    const table = await db.openTable('chunks');
    const versions = new TableVersions(join(dir, 'chunks.lance'), () => db.openTable('chunks'));
    try {
      const before = await table.version();
      const rowsBefore = await table.countRows();
      await writer.deleteDocument('a', 'd0');
      const rowsAfter = await table.countRows();
      expect(rowsAfter).toBeLessThan(rowsBefore);
      const count = (version: number) => versions.reading(version, (pinned) => pinned.countRows());
      // The older version's read holds its handle while the later one's opens and reads.
      const older = versions.reading(before, async (pinned) => {
        expect(await count(versions.latest()!)).toBe(rowsAfter);
        return pinned.countRows();
      });
      expect(await older).toBe(rowsBefore);
      expect(await count(before)).toBe(rowsBefore);
      await expect(count(before + 1_000)).rejects.toThrow();
    } finally {
      versions.close();
      table.close();
    }
  });

  it('gives a search in the reading process what another process committed just before', async () => {
    const reader = await EmbeddedStore.open(dir);
    const found = async (word: string) =>
      (await reader.keywordSearch({ tenants: ['a'], filters: [], limit: 50, text: word }))
        .map((r) => r.document_id)
        .sort();
    try {
      await reader.mirrorReady();
      expect(await found('rare')).toHaveLength(6);
      // Written by another store (its own connection), searched at once: the mirror takes it in.
      await writer.replaceDocuments('a', [], chunks(500, 3, 'gamma'));
      expect(await found('gamma')).toEqual(['d500', 'd501', 'd502']);
      // Deleted by another process: no search after its commit finds the rows.
      const script = `require('@lancedb/lancedb').connect(${JSON.stringify(dir)})
        .then((db) => db.openTable('chunks'))
        .then((table) => table.delete("document_id IN ('d500', 'd0')"))
        .then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });`;
      execFileSync(process.execPath, ['-e', script], { cwd: process.cwd(), stdio: 'inherit' });
      expect(await found('gamma')).toEqual(['d501', 'd502']);
      expect(await found('rare')).not.toContain('d0');
      await reader.mirrorReady();
      expect(await found('gamma')).toEqual(['d501', 'd502']);
    } finally {
      await reader.close();
    }
  });
});
