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
  /** The `msg` of every log line it wrote so far, for a failed test to tell where the process was. */
  messages(): string[];
}

/**
 * Starts `node <script>` with `env` added to the test's own, its stdout read as pino JSON lines.
 * Every line is read as it comes, whether or not the test waits for one: a process logging into a
 * pipe nobody reads would block on a full pipe (its writes to a pipe are synchronous).
 */
export function startLoggedProcess(script: string, env: Record<string, string>): LoggedProcess {
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const entries: Record<string, unknown>[] = [];
  let read = 0;
  let ended = false;
  let wake = () => {};
  const lines = createInterface({ input: child.stdout! });
  lines.on('line', (line) => {
    try {
      entries.push(JSON.parse(line) as Record<string, unknown>);
    } catch {
      entries.push({ msg: line, notJson: true });
    }
    wake();
  });
  lines.once('close', () => {
    ended = true;
    wake();
  });
  return {
    child,
    exited,
    stderr: () => stderr,
    messages: () => entries.map((entry) => String(entry.msg)),
    async nextMessage(pattern) {
      for (;;) {
        while (read < entries.length) {
          const entry = entries[read++]!;
          if (entry.notJson) throw new Error(`${script} wrote a line that is not JSON: ${String(entry.msg)}`);
          if (pattern.test(String(entry.msg))) return entry;
        }
        if (ended) throw new Error(`${script} ended before logging ${pattern}; stderr: ${stderr}`);
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
  };
}
