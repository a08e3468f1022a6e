import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EmbeddedChunk, UpkeepReport } from '@docqa/retrieval';
import { EmbeddedStore } from './embedded-store';
import { VECTOR_INDEX_MIN_ROWS } from './vector-index-plan';

/** A deterministic pseudo-random generator, so the vectors are the same on every run. */
function rng(seed: number): () => number {
  return () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

const random = rng(7);
const unit = (v: number[]) => {
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => x / norm);
};
const randomVector = () => unit(Array.from({ length: 8 }, () => random() - 0.5));
const chunk = (i: number, vector: number[]): EmbeddedChunk => ({
  tenant: 't',
  document_id: `d${i}`,
  chunk_id: `d${i}#0`,
  title: `doc ${i}`,
  url: i % 2 ? `https://d.example/${i}` : null,
  heading: '',
  text: `passage ${i}`,
  metadata: { i },
  vector,
});

describe('EmbeddedStore vector index upkeep', () => {
  const dir = mkdtempSync(join(tmpdir(), 'docqa-embedded-index-'));
  let store: EmbeddedStore;
  let firstUpkeep: UpkeepReport | void;
  const chunks = Array.from({ length: VECTOR_INDEX_MIN_ROWS + 500 }, (_, i) => chunk(i, randomVector()));
  const trainedRows = () =>
    (JSON.parse(readFileSync(join(dir, 'vector-index.json'), 'utf8')) as { trainedRows: number }).trainedRows;

  beforeAll(async () => {
    store = await EmbeddedStore.open(dir);
    for (let i = 0; i < chunks.length; i += 2000) {
      const batch = chunks.slice(i, i + 2000);
      await store.replaceDocuments(
        't',
        batch.map((c) => c.document_id),
        batch,
      );
    }
    firstUpkeep = await store.optimize();
  });
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('trains the index from the threshold and still answers exactly below 20,000 rows', async () => {
    expect(trainedRows()).toBe(chunks.length);
    const query = randomVector();
    const cosine = (v: ArrayLike<number>) => Array.from(v).reduce((sum, x, i) => sum + x * query[i]!, 0);
    const exact = [...chunks]
      .sort((a, b) => cosine(b.vector) - cosine(a.vector))
      .slice(0, 10)
      .map((c) => c.chunk_id);
    const results = await store.semanticSearch({ tenants: ['t'], filters: [], limit: 10, vector: query });
    expect(results.map((r) => r.chunk_id)).toEqual(exact);
    expect(results[0]).toMatchObject({ metadata: { i: Number(exact[0]!.slice(1, -2)) } });
  });

  it('merges a later write into the index without training it again', async () => {
    const extra = Array.from({ length: 100 }, (_, i) => chunk(chunks.length + i, randomVector()));
    await store.replaceDocuments(
      't',
      extra.map((c) => c.document_id),
      extra,
    );
    const upkeep = await store.optimize();
    expect(trainedRows()).toBe(chunks.length);
    // The table's rows after each upkeep, which ingestion spaces its upkeeps by.
    expect(firstUpkeep).toMatchObject({ rows: chunks.length, trained: true });
    expect(upkeep).toMatchObject({ rows: chunks.length + 100, trained: false });
    expect(upkeep!.optimizeMs).toBeGreaterThan(0);
    // The first upkeep trained the index over every fragment and compacted them into two; the next
    // merged those two (the same indexes cover both since): after a training, below LanceDB's
    // target fragment size, the next upkeep rewrites the whole table too.
    expect((firstUpkeep as UpkeepReport).compactedFragments).toBeGreaterThan(1);
    expect(upkeep).toMatchObject({ compactedFragments: 2 });
    const results = await store.semanticSearch({
      tenants: ['t'],
      filters: [],
      limit: 1,
      vector: Array.from(extra[0]!.vector),
    });
    expect(results.map((r) => [r.chunk_id, r.url])).toEqual([[extra[0]!.chunk_id, extra[0]!.url]]);
  });
});
