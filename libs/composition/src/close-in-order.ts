/**
 * Runs each closing step in turn, whatever the one before did: a step that fails (Redis gone at
 * shutdown) leaves the others to close what they hold, as the processes always closed with
 * `Promise.allSettled`.
 */
export async function closeInOrder(...steps: (() => Promise<unknown> | undefined)[]): Promise<void> {
  for (const step of steps) await Promise.resolve(step()).catch(() => undefined);
}
