import { Format, Presets, SingleBar, type Options } from 'cli-progress';

/**
 * Time left as the bars show it: "…" while cli-progress has no estimate. Its ETA is a string then
 * (`'0'` before the first update, `'INF'` or `'NULL'` while nothing is done), which its own
 * formatter would print as " 0s", "NFs" or "LLs".
 */
const formatTime: Options['formatTime'] = (t, options, roundToMultipleOf) =>
  typeof t === 'number' && Number.isFinite(t) ? Format.TimeFormat(t, options, roundToMultipleOf) : '…';

/** A bar on `stream` (drawn on a terminal only), its time left "…" until it can be estimated. */
function progressBar(format: string, stream: NodeJS.WritableStream, options: Options = {}): SingleBar {
  return new SingleBar({ format, stream, formatTime, ...options }, Presets.shades_classic);
}

/** `ingest`: pages fetched, with the failures (payload `failed`). */
export function fetchBar(stream: NodeJS.WritableStream = process.stderr): SingleBar {
  return progressBar('fetch  [{bar}] {value}/{total} pages | {failed} failed', stream);
}

/**
 * `ingest`: documents the API has processed, and the time left. The estimate spans the last 100
 * updates (half a minute of job polls), so one slow document does not blank it.
 */
export function ingestBar(stream: NodeJS.WritableStream = process.stderr): SingleBar {
  return progressBar('ingest [{bar}] {value}/{total} documents | {eta_formatted} left', stream, {
    etaBuffer: 100,
  });
}

/** `reindex`: documents re-chunked by the worker, and the time left. */
export function reindexBar(stream: NodeJS.WritableStream = process.stderr): SingleBar {
  return progressBar('reindex [{bar}] {value}/{total} documents | {eta_formatted} left', stream);
}

/** `batch`: answers written, answers per second (payload `rate`), time left, failures (`failed`). */
export function batchBar(stream: NodeJS.WritableStream = process.stderr): SingleBar {
  return progressBar(
    'batch [{bar}] {value}/{total} | {rate}/s | ETA {eta_formatted} | {failed} failed',
    stream,
    { etaBuffer: 50 },
  );
}

/**
 * `sources sync --wait`: pages read of those the source listed, and what the sync made of them
 * so far (payload `added`, `updated`, `unchanged`, `failed`).
 */
export function syncBar(stream: NodeJS.WritableStream = process.stderr): SingleBar {
  return progressBar(
    'sync   [{bar}] {value}/{total} pages read | {added} added, {updated} updated, {unchanged} unchanged, {failed} failed',
    stream,
  );
}
