/**
 * How the search mirror's keeper (see `MirrorKeeper`) paces itself: how often it looks for a new
 * table version, how long searches wait for it or get the version held, how it slices its work,
 * and when it builds afresh rather than catching up.
 */

/** How often a process that searches looks for a new table version to catch up with. */
export const WATCH_MS = 1_000;
/**
 * Time without a search after which a process stops looking (the next search starts again): a
 * worker that answered a question must not spend an import taking in every row it writes.
 */
export const IDLE_MS = 60_000;
/**
 * Most rows a mirror holds: beyond, searches go to LanceDB's indexes alone. A row of a local
 * embedding takes about 1 KB (its int8 vector 512 bytes, its postings most of the rest;
 * passages are read for the hits only): 1,000,000 rows about 1 GB (docs/benchmarks.md, "Search
 * mirror memory").
 */
export const MAX_MIRROR_ROWS = 2_000_000;
/**
 * Longest a search waits for the mirror to take in the rows appended since the version it holds
 * (an import's: taken by row id, a few milliseconds per thousand rows), before it goes to
 * LanceDB's indexes instead: those take 40 to 50 ms at 1,000,000 chunks on a quiet machine and
 * seconds on a loaded one (5.6 s at p50 during an import at load 4 to 10, each such search slowing
 * the catching up it gave up on), so waiting is the faster way even when it is slow. A catching up
 * that must look for removed rows (a scan of every row id) is not waited for.
 */
export const APPEND_WAIT_MS = 2_000;
/**
 * Longest the mirror's version is searched after a search read a later one, while the mirror
 * takes in an import ({@link IMPORT_ROWS} rows or more; its rows staged, see `SearchMirror.stage`): searches meanwhile get the
 * version published last, whole, rather than wait for the new rows (30 ms and more per thousand
 * on a quiet machine, seconds at load 20) or go to LanceDB's indexes (slower still). Past it, and
 * in a process that wrote the later version itself, they wait as {@link APPEND_WAIT_MS} says. With
 * 2 s, at load 20 to 26, catching up with two jobs took 2.9 s at p50 and searches past it waited
 * and then went to the indexes: 15 s at p95 (docs/benchmarks.md, "Search mirror at 1,000,000 chunks").
 */
export const BEHIND_MS = 30_000;
/**
 * Rows a catching up takes in (added and removed) from which it is an import, during which
 * searches get the version held (see {@link BEHIND_MS}): an ingest job's write at most is 1,000
 * rows, the bench's imports write such jobs back to back. A smaller change (a document or two
 * ingested, replaced or deleted) is waited for, as before: a search right after an ingest job
 * ended finds what it wrote, in every process.
 */
export const IMPORT_ROWS = 1_000;
/**
 * Longest a slice of catching up (about 2 ms, see `SLICE_MS`) waits for the searches under way to
 * end before it runs anyway: a process always searching still gives catching up about half of its
 * thread (an import of the bench's, 7,000 rows a second at 30 µs a row, needs a fifth on a quiet
 * machine, more on a loaded one; with 6 ms, a quarter, it fell behind at load 20).
 */
export const PAUSE_WAIT_MS = 2;
/**
 * Rows a build afresh takes in between two turns of the event loop: about 6 ms of work, so that a
 * search through the indexes meanwhile waits little at each of its steps (with 256 rows, searches
 * during a build at 300,000 chunks took 180 ms at p95).
 */
export const BATCH_ROWS = 64;
/** Rows taken by row id per read when catching up with added rows (an ingest job writes 1,000). */
export const APPEND_BATCH_ROWS = 1_024;
/**
 * Share of the mirror's rows, removed or new, from which it is built afresh rather than changed:
 * dead slots cost memory and time, and a compaction of a table made before stable row ids (see
 * `NEW_TABLE_OPTIONS` in chunk-columns.ts) gives every row a new row id. Rows only appended are
 * taken in however many: a build afresh would read the rows held again (early in an import, the
 * table grows by more than a quarter between two catchings up: at 100,000 chunks the API built
 * its mirror afresh three or four times per import) and send searches to LanceDB's indexes
 * meanwhile.
 */
export const REBUILD_SHARE = 0.25;
