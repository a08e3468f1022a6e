import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import { chunkColumns } from '@docqa/embedded-store';
import type { EmbeddedChunk } from '@docqa/retrieval';
import type { Embedder } from '@docqa/embedders';

/** Rows per LanceDB write, as the ingestor writes them (its WRITE_BATCH). */
const WRITE_BATCH = 2000;

/** What the parts of ingestion do alone, measured in this process on the bench's own texts. */
export interface RawLimits {
  /** Local embedder, texts/s (one thread). */
  embedPerSecond: number;
  /** LanceDB appends from Arrow columns into a fresh table, rows/s. */
  insertPerSecond: number;
  /** Embed then write, one after the other: 1 / (1/embed + 1/insert), chunks/s. */
  serialPerSecond: number;
}

/**
 * Measures the raw limits of ingestion's parts on `texts` (the searchable text of one chunk
 * each): the embedder alone, then LanceDB inserting the embedded chunks from Arrow columns in
 * batches, into a temporary table that is removed afterwards.
 */
export async function measureRawLimits(texts: string[], embedder: Embedder): Promise<RawLimits> {
  let started = performance.now();
  const vectors = await embedder.embedDocuments(texts);
  const embedPerSecond = texts.length / ((performance.now() - started) / 1000);

  const chunks: EmbeddedChunk[] = texts.map((text, i) => ({
    tenant: 'raw',
    document_id: `r${i}`,
    chunk_id: `r${i}#0`,
    title: text.slice(0, 40),
    url: null,
    heading: '',
    text,
    metadata: { product: 'api' },
    vector: vectors[i]!,
  }));
  const dir = mkdtempSync(join(tmpdir(), 'docqa-bench-raw-'));
  const db = await lancedb.connect(dir);
  try {
    started = performance.now();
    let table: lancedb.Table | null = null;
    for (let i = 0; i < chunks.length; i += WRITE_BATCH) {
      const columns = chunkColumns(chunks.slice(i, i + WRITE_BATCH));
      if (table) await table.add(columns);
      else table = await db.createTable('chunks', columns);
    }
    const insertPerSecond = chunks.length / ((performance.now() - started) / 1000);
    table?.close();
    return {
      embedPerSecond,
      insertPerSecond,
      serialPerSecond: 1 / (1 / embedPerSecond + 1 / insertPerSecond),
    };
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
