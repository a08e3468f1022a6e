/**
 * V8 flags the worker process is started with, by whoever starts it (`npm start`, the worker's
 * Dockerfile, the search-speed bench): V8 reads them when the heap is made.
 *
 * `--max-semi-space-size=32`: young-generation semi-spaces of 32 MB instead of V8's 16. An ingest
 * job of 1,000 documents holds its documents, chunks, vectors and Arrow columns for the whole job,
 * a few MB that live across many scavenges: with 16 MB most of it was copied twice and promoted,
 * and the garbage collector took a fifth of the worker's JavaScript thread (docs/benchmarks.md,
 * "Issue 43, 2026-11-30 (h-ing3)").
 */
export const WORKER_V8_FLAGS: readonly string[] = ['--max-semi-space-size=32'];
