/**
 * glibc's malloc settings for a process that opens the embedded store (the API and the worker),
 * read by glibc when the process starts, so whoever starts it sets them (`npm start`, the
 * Dockerfiles, the benches). By default glibc gives each thread that allocates an arena of its
 * own, up to eight per core, and LanceDB's native threads (reads, writes, compaction, index
 * builds) each keep what they freed in theirs: a process's resident memory then grows with the
 * work it did rather than with what it holds. Two arenas: LanceDB's write pattern in one process
 * (1,000 rows a write, the upkeep every 50,000) held 409 MB at 100,000 rows where it held 615 MB
 * with glibc's default (docs/benchmarks.md, "Search speed at 1,000,000 chunks").
 */
export const NATIVE_MEMORY_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '2' };

/** `env` with {@link NATIVE_MEMORY_ENV} added where it does not set them itself. */
export function withNativeMemoryEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...NATIVE_MEMORY_ENV, ...env };
}
