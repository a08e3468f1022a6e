/**
 * The Nx project graph for lint. @nx/enforce-module-boundaries reads a cached graph and, when there
 * is none, skips itself with a warning: lint would pass with no boundary checked. Building the
 * graph here, before any file is linted, fills that cache; when it cannot be built, lint fails.
 */
import { createProjectGraphAsync } from '@nx/devkit';

/** The workspace's projects, or an error saying why the boundaries cannot be checked. */
export async function projectGraphOrFail() {
  try {
    return await createProjectGraphAsync({ exitOnError: false });
  } catch (err) {
    throw new Error(
      `lint: the Nx project graph cannot be built, so module boundaries cannot be checked: ${err instanceof Error ? err.message : err}`,
    );
  }
}
