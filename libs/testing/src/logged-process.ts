import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

/** A built process started by a test, read through its JSON log lines. */
export interface LoggedProcess {
  child: ChildProcess;
  /** Resolves with its exit code. */
  exited: Promise<number | null>;
  /** What it wrote to stderr so far (a process that logs only JSON writes nothing there). */
  stderr(): string;
  /** The next log line whose `msg` matches `pattern`; fails if the process ends first. */
  nextMessage(pattern: RegExp): Promise<Record<string, unknown>>;
}

/** Starts `node <script>` with `env` added to the test's own, its stdout read as pino JSON lines. */
export function startLoggedProcess(script: string, env: Record<string, string>): LoggedProcess {
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  return {
    child,
    exited,
    stderr: () => stderr,
    async nextMessage(pattern) {
      for (let line = await lines.next(); !line.done; line = await lines.next()) {
        const entry = JSON.parse(line.value) as Record<string, unknown>;
        if (pattern.test(String(entry.msg))) return entry;
      }
      throw new Error(`${script} ended before logging ${pattern}; stderr: ${stderr}`);
    },
  };
}
