/**
 * V8 flags the API process is started with, by whoever starts it (`npm start`, the API's
 * Dockerfile, `npm run bench:api`, the search-speed bench): V8 reads them when the heap is made.
 *
 * `--max-semi-space-size=32`: young-generation semi-spaces of 32 MB instead of V8's 16. A question
 * (`POST /question/`) allocates ~100 KB, nearly all of it garbage once it is answered; with 16 MB
 * the API scavenged 6.9 times a 1,000 questions under `npm run bench:api`'s load (3.3 with 32),
 * and each scavenge pauses every request in flight (the tail of POST's latency). What survives one
 * (the requests in flight) stays about the same, so the GC's work a question halves with them.
 * The young generation is only grown to its maximum under such an allocation rate: an idle API
 * keeps its small one (docs/benchmarks.md, "API overhead (issue 43)", fourth pass).
 */
export const API_V8_FLAGS: readonly string[] = ['--max-semi-space-size=32'];
