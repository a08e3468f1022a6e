import { readFile } from 'node:fs/promises';
import { loadFileIsolated, type LoadedDocument, type ParseLimits } from '@docqa/sources';

/**
 * Reads and parses one stored file of an upload (null for a kind no loader reads) on a parse
 * thread of its own (`loadFileIsolated`): a file past the limits on inflated size, pages, text,
 * nesting or time is refused with the limit it passed, and a parse that stalls costs only its
 * thread, never this process's event loop (the job's lock renewal, other jobs).
 */
export async function loadUploadedFile(
  path: string,
  name: string,
  metadata: Record<string, string>,
  limits: ParseLimits,
): Promise<LoadedDocument | null> {
  return loadFileIsolated(name, await readFile(path), metadata, limits);
}
