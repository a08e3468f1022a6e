import { DependencyUnavailableError } from '@docqa/errors';

/** The oldest Qdrant the store is checked against (its Query API with prefetch and sparse vectors). */
const MIN_QDRANT_VERSION = [1, 17];

/**
 * Refuses a Qdrant server older than the store is checked against, naming the setting that points
 * at it.
 */
export function checkQdrantVersion(version: string): void {
  if (olderThan(version, MIN_QDRANT_VERSION))
    throw new DependencyUnavailableError(
      `The vector store (Qdrant at QDRANT_URL) runs Qdrant ${version}; docqa needs ${MIN_QDRANT_VERSION.join('.')} or later`,
    );
}

/** Whether a version such as `1.16.2` comes before `minimum` ([major, minor]). */
function olderThan(version: string, minimum: number[]): boolean {
  const parts = version.split('.').map(Number);
  for (let i = 0; i < minimum.length; i++) {
    const part = parts[i] ?? 0;
    if (part !== minimum[i]!) return part < minimum[i]!;
  }
  return false;
}
