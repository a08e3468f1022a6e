import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { freePort } from '@docqa/testing';

const root = resolve(__dirname, '../..');

/** The program `npm start` ends by running (the build step before it ran in `npm test`). */
function startProgram(): string {
  const script = (
    JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }
  ).scripts.start;
  const last = script.split('&&').at(-1)!.trim();
  const match = /^node (\S+)$/.exec(last);
  if (!match) throw new Error(`npm start ends with "${last}", not "node FILE"`);
  return join(root, match[1]!);
}

/** `npm start`'s program on `port`, with Redis expected at `redisPort`; what it writes to stderr. */
function spawnStart(
  port: number,
  redisPort: number,
  dataDir: string,
): { child: ChildProcess; stderr: () => string } {
  const child = spawn(process.execPath, [startProgram()], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return { child, stderr: () => stderr };
}

describe('npm start', () => {
  let child: ChildProcess | undefined;
  let dataDir: string;

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'docqa-start-'));
  });
  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child!.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts its own Redis, the API and a worker, ingests docs/ and prints a demo token that answers', async () => {
    const program = startProgram();
    expect(existsSync(program)).toBe(true);
    const [port, redisPort] = [await freePort(), await freePort()];
    const started = spawnStart(port, redisPort, dataDir);
    child = started.child;
    const output = started.stderr;
    for (let i = 0; i < 600 && !output().includes('Stop with Ctrl-C'); i++) {
      if (child.exitCode !== null) throw new Error(`npm start exited:\n${output()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(output()).toContain(`No Redis at redis://127.0.0.1:${redisPort}: starting a private redis-server`);
    expect(output()).toContain(`API         http://localhost:${port}/api/v2/`);
    expect(output()).toContain(`Swagger UI  http://localhost:${port}/api/v2/docs/swagger`);
    expect(output()).toContain(`MCP server  http://localhost:${port}/api/v2/mcp `);
    expect(output()).toContain(`Demo page   http://localhost:${port}/`);
    expect(output()).toContain(`Portal      http://localhost:${port}/admin/`);
    const admin = /Demo admin {2}(\S+) {2}password (\S+)/.exec(output());
    expect(admin?.[1]).toBe('admin@demo.local');
    const token = /Demo token {2}(dq_\S+)/.exec(output())?.[1];
    expect(token).toBeDefined();

    const api = `http://127.0.0.1:${port}/api/v2/`;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const created = await fetch(`${api}question/`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ question: 'How do I revoke a token?' }),
    });
    expect(created.status).toBe(201);
    const { question_id } = (await created.json()) as { question_id: string };
    let record = {
      is_ready: false,
      status: '',
      response: '',
      sources: [] as { document_id: string; url: string | null; cited: boolean }[],
    };
    for (let i = 0; i < 20 && !record.is_ready; i++) {
      record = await (await fetch(`${api}question/${question_id}/?wait=5`, { headers })).json();
    }
    expect(record.status).toBe('ready');
    expect(record.response).toMatch(/revoke/i);
    expect(record.sources.map((s) => s.document_id)).toContain('tokens-and-security.md');
    // A cited source links to the docs page the demo serves, at the quoted section.
    const cited = record.sources.find((s) => s.cited)!;
    expect(cited.url).toMatch(new RegExp(`^http://localhost:${port}/demo/docs/[\\w-]+#[\\w-]+$`));
    const page = await fetch(cited.url!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`id="${cited.url!.split('#')[1]}"`);
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
    const signIn = await fetch(`${api}admin/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: admin![1], password: admin![2] }),
    });
    expect(signIn.status).toBe(200);
    expect(await signIn.json()).toMatchObject({ email: 'admin@demo.local', tenants: ['demo'] });
  }, 90_000);

  it('stops at once, naming the port, when another program listens on PORT (no token, no admin)', async () => {
    const busy = createServer();
    await new Promise<void>((r) => busy.listen(0, '0.0.0.0', r));
    const port = (busy.address() as { port: number }).port;
    const redisPort = await freePort();
    try {
      const run = spawnStart(port, redisPort, dataDir);
      const code = await new Promise((r) => run.child.once('exit', r));
      const out = run.stderr();
      expect(code).toBe(1);
      expect(out).toContain(`Port ${port} is in use: is docqa already running (http://localhost:${port}/)?`);
      expect(out).toContain(`start on another port: PORT=${port + 1} npm start`);
      expect(out).not.toContain('No Redis at');
      expect(out).not.toContain('Demo admin');
    } finally {
      await new Promise((r) => busy.close(r));
    }
  }, 30_000);
});
