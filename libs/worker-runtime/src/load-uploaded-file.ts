import { readFile } from 'node:fs/promises';
import { loadFileData, type LoadedDocument } from '@docqa/sources';

/**
 * Reads and parses one stored file of an upload (null for a kind no loader reads). The one place
 * the worker calls a loader on an upload, so a loader that parses on a thread of its own, with
 * limits on inflated size, pages and time, replaces this one here.
 */
export async function loadUploadedFile(
  path: string,
  name: string,
  metadata: Record<string, string>,
): Promise<LoadedDocument | null> {
  return loadFileData(name, await readFile(path), metadata);
}
