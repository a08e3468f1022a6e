/** The system tests' own worker process: the scripted worker built and started as a child. */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { build } from 'esbuild';

/** Builds the scripted worker (scripted-worker.ts) into a runnable bundle; its path. */
export async function buildScriptedWorker(): Promise<string> {
  // Inside the repo, so the bundle resolves node_modules.
  const outfile = join(__dirname, '../../../../dist/test', `scripted-worker-${process.pid}.js`);
  await build({
    entryPoints: [join(__dirname, 'scripted-worker.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    packages: 'external',
    loader: { '.lua': 'text' },
    tsconfig: join(__dirname, '../../../../tsconfig.base.json'),
    logLevel: 'silent',
  });
  return outfile;
}

/**
 * Starts a worker bundle as a child process with `env` on top of this process's; resolves once it
 * reports ready (its first line on stdout), rejects when it exits first.
 */
export function startWorkerProcess(file: string, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [file], {
    env: { ...process.env, ...env },
    cwd: join(__dirname, '../../../..'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.once('data', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`worker exited with ${code}`)));
  });
}
