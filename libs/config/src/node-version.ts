/**
 * The oldest Node.js docqa runs on (package.json `engines`; a test keeps the two equal). 20.19 is
 * the first Node 20 that loads ES modules from `require` without a flag. Some dependencies
 * declare Node 22 (lancedb, @langchain/openai, openai, the Qdrant client) but use nothing Node 22
 * added without a fallback: see README, "Requirements".
 */
export const MIN_NODE_VERSION = '20.19.0';

/** Why `version` (e.g. `process.versions.node`) is too old for docqa, or null when it is not. */
export function nodeVersionProblem(version: string): string | null {
  const have = version.replace(/^v/, '').split('.').map(Number);
  const need = MIN_NODE_VERSION.split('.').map(Number);
  for (let i = 0; i < need.length; i++) {
    if ((have[i] ?? 0) > need[i]!) return null;
    if ((have[i] ?? 0) < need[i]!)
      return `docqa needs Node.js ${MIN_NODE_VERSION} or later (22 LTS recommended); this is Node.js ${version}.`;
  }
  return null;
}

/** Stops the process with a message naming the Node.js version needed when this one is too old. */
export function exitIfNodeTooOld(): void {
  const problem = nodeVersionProblem(process.versions.node);
  if (!problem) return;
  process.stderr.write(`${problem}\n`);
  process.exit(1);
}
