import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { loadFileData } from './file-loader';
import type { LoadedDocument } from './load-result';
import { DEFAULT_PARSE_LIMITS, type ParseLimits } from './parse-limits';
import { parseOnThread, type ParseRequest } from './parse-threads';
import { pdfDocument, type PdfSource } from './pdf-loader';

/** Where tools/build.mjs puts the thread's program, under `dist/`. */
const THREAD_SCRIPT = join('libs', 'sources', 'parse-thread.js');

/**
 * Parses one file (an upload, a file of a sync) as {@link loadFileData} does, with the same
 * result, on a thread of its own: its heap is capped at `limits.heapMb` and it is stopped after
 * `limits.timeoutMs`, so a compression bomb or a parse that stalls costs that thread only, and the
 * caller's event loop (an API's requests, a worker's job locks) goes on meanwhile. Past a limit it
 * throws a ValidationError that names it ("the PDF inflates past 50 MB", "parsing took longer than
 * 60 s"). Without the built thread program (sources run under test) it parses on this thread.
 */
export function loadFileIsolated(
  name: string,
  data: Uint8Array,
  metadata: Record<string, string> = {},
  limits: ParseLimits = DEFAULT_PARSE_LIMITS,
  script: string | null = parseThreadScript(),
): Promise<LoadedDocument | null> {
  return parseIsolated({ file: { name, data: copied(data), metadata }, limits }, script);
}

/** A fetched PDF's document (`pdfDocument`) parsed on a thread of its own, as {@link loadFileIsolated}. */
export async function pdfDocumentIsolated(
  source: PdfSource,
  script: string | null = parseThreadScript(),
): Promise<LoadedDocument> {
  const limits = source.limits ?? DEFAULT_PARSE_LIMITS;
  const request = { pdf: { ...source, data: copied(source.data), limits }, limits };
  return (await parseIsolated(request, script))!;
}

/** Runs a request on this thread (the thread program does; so do callers without it). */
export function parseOnThisThread(request: ParseRequest): Promise<LoadedDocument | null> {
  if ('pdf' in request) return pdfDocument(request.pdf);
  const { name, data, metadata } = request.file;
  return loadFileData(name, data, metadata, request.limits);
}

function parseIsolated(request: ParseRequest, script: string | null): Promise<LoadedDocument | null> {
  if (!script) return parseOnThisThread(request);
  const data = 'pdf' in request ? request.pdf.data : request.file.data;
  return parseOnThread(script, request, [data.buffer as ArrayBuffer]);
}

/** The bytes in a buffer of their own, which the thread is handed (moved, not copied again). */
function copied(data: Uint8Array): Uint8Array {
  return new Uint8Array(data);
}

/**
 * The built program of the parse's thread, when this code runs from a build (`dist/`, where
 * tools/build.mjs puts it, or a copy of it under any name): the program in the nearest folder
 * above `from` that holds it; null otherwise (the sources under test).
 */
export function parseThreadScript(from = __dirname): string | null {
  for (let dir = from; dirname(dir) !== dir; dir = dirname(dir))
    if (existsSync(join(dir, THREAD_SCRIPT))) return join(dir, THREAD_SCRIPT);
  return null;
}
