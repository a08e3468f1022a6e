import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Embedder } from './embedder';
import { LocalEmbedder } from './local-embedder';

/** A batch of texts for the embedder's thread. */
export interface EmbedRequest {
  id: number;
  texts: string[];
  dimensions: number;
}

/** The thread's answer: the batch's vectors one after the other, or why it failed. */
export type EmbedReply = { id: number; vectors: Float64Array } | { id: number; error: string };

/** Where tools/build.mjs puts the thread's program, under `dist/`. */
const THREAD_SCRIPT = join('libs', 'embedders', 'embed-thread.js');

/**
 * The local embedder with documents embedded on a thread of its own, so that an ingest job's
 * chunking, Arrow columns and Redis records go on on the process's thread meanwhile (and answers
 * are not held up by an import): the worker's one JavaScript thread did both, and embedding was
 * half its work. Queries, one text each, are embedded at once on the calling thread. The vectors
 * are the local embedder's to the last digit, each a view of the batch's reply (see {@link rowsOf}).
 *
 * The thread starts at the first batch and is started again after it fails; it does not keep the
 * process alive while no batch is under way.
 */
export class ThreadedEmbedder implements Embedder<Float64Array> {
  readonly dimensions: number;
  private thread: Worker | null = null;
  private readonly pending = new Map<
    number,
    { resolve(vectors: Float64Array[]): void; reject(err: Error): void }
  >();
  private nextId = 0;

  constructor(
    private readonly local: LocalEmbedder,
    /** The built thread program (see {@link embedThreadScript}). */
    private readonly script: string,
  ) {
    this.dimensions = local.dimensions;
  }

  async embedDocuments(texts: string[]): Promise<Float64Array[]> {
    if (!texts.length) return [];
    const thread = this.started();
    const id = this.nextId++;
    const request: EmbedRequest = { id, texts, dimensions: this.dimensions };
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      thread.ref();
      thread.postMessage(request);
    });
  }

  embedQuery(text: string): Promise<number[]> {
    return this.local.embedQuery(text);
  }

  /** Stops the thread; batches under way fail. */
  async close(): Promise<void> {
    const thread = this.thread;
    this.thread = null;
    await thread?.terminate();
    this.failAll(new Error('the embedder was closed'));
  }

  private started(): Worker {
    if (this.thread) return this.thread;
    const thread = new Worker(this.script);
    thread.on('message', (reply: EmbedReply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (!this.pending.size) thread.unref();
      if ('error' in reply) return waiting.reject(new Error(reply.error));
      waiting.resolve(rowsOf(reply.vectors, this.dimensions));
    });
    const ended = (err: Error) => {
      if (this.thread !== thread) return;
      this.thread = null;
      this.failAll(err);
    };
    thread.on('error', ended);
    thread.on('exit', (code) => ended(new Error(`the embedder's thread stopped (exit code ${code})`)));
    thread.unref();
    this.thread = thread;
    return thread;
  }

  private failAll(err: Error): void {
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const { reject } of waiting) reject(err);
  }
}

/**
 * The vectors of a reply, one view of `dimensions` numbers each, nothing copied. Arrays of numbers
 * (4 KB a chunk at 512 dimensions, on the heap until the chunk is written) were copied by each of
 * the worker's young-generation collections: with views, a third fewer of them (docs/benchmarks.md,
 * "h-gc"). The reply's buffer is outside the heap, freed with its last view.
 */
function rowsOf(vectors: Float64Array, dimensions: number): Float64Array[] {
  const rows: Float64Array[] = [];
  for (let start = 0; start < vectors.length; start += dimensions)
    rows.push(vectors.subarray(start, start + dimensions));
  return rows;
}

/**
 * The built program of the embedder's thread, when this code runs from a build (`dist/`, where
 * tools/build.mjs puts it, or a copy of it under any name): the program in the nearest folder
 * above `from` that holds it; null otherwise (the sources under test: documents are then embedded
 * on the calling thread). A build copied to a folder of another name once embedded on the worker's
 * own thread (docs/benchmarks.md, "h-ing4").
 */
export function embedThreadScript(from = __dirname): string | null {
  for (let dir = from; dirname(dir) !== dir; dir = dirname(dir))
    if (existsSync(join(dir, THREAD_SCRIPT))) return join(dir, THREAD_SCRIPT);
  return null;
}

/**
 * The embedder ingestion embeds documents with: the local embedder on a thread of its own when
 * its program is built, else `embedder` itself (a remote model's calls wait on the network, not
 * on this thread).
 */
export function ingestionEmbedder(
  embedder: Embedder,
  script = embedThreadScript(),
): Embedder<ArrayLike<number>> & { close?(): Promise<void> } {
  return embedder instanceof LocalEmbedder && script ? new ThreadedEmbedder(embedder, script) : embedder;
}
