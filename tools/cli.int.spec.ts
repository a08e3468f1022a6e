import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '@docqa/testing';

const root = resolve(__dirname, '..');

/** Runs `npm run -s docqa -- …` as npm does: in the repository's root, with INIT_CWD the user's folder. */
function runFrom(folder: string, env: NodeJS.ProcessEnv, ...args: string[]): Promise<string> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [join(root, 'tools/cli.mjs'), ...args], {
      cwd: root,
      env: { ...process.env, ...env, INIT_CWD: folder },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', () => done(stderr));
  });
}

describe('npm run docqa', () => {
  it('reads the paths of a command from the folder npm was run in, not the repository root', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'docqa-cwd-'));
    try {
      mkdirSync(join(folder, 'my-docs'));
      writeFileSync(join(folder, 'my-docs/install.md'), '# Install\n\nRun the installer.\n');
      const api = `http://127.0.0.1:${await freePort()}/api/v2/`;
      const stderr = await runFrom(
        folder,
        { DOCQA_URL: api, DOCQA_TOKEN: 'dq_unused' },
        'ingest',
        './my-docs',
        '--tenant',
        'acme',
      );
      // The folder was found and read: the run went on to the API, which nothing serves.
      expect(stderr).not.toContain('no such file');
      expect(stderr).toContain(`cannot reach ${api}`);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
