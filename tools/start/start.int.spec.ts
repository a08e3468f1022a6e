import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { connect, createServer } from 'node:net';
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

/** A running `npm start`: what it wrote to stderr (its banner) and stdout (its processes' logs). */
interface StartRun {
  /** The leader of a process group of its own, as a terminal runs it. */
  child: ChildProcess;
  stderr: () => string;
  stdout: () => string;
}

/** `npm start`'s program on `port`, with Redis expected at `redisPort`, and `env` added. */
function spawnStart(
  port: number,
  redisPort: number,
  dataDir: string,
  env: Record<string, string> = {},
): StartRun {
  const child = spawn(process.execPath, [startProgram()], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let stderr = '';
  let stdout = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  return { child, stderr: () => stderr, stdout: () => stdout };
}

/** Resolves once `npm start` has printed its banner; fails if it exits first. */
async function started(run: StartRun): Promise<void> {
  for (let i = 0; i < 600 && !run.stderr().includes('Stop with Ctrl-C'); i++) {
    if (run.child.exitCode !== null) throw new Error(`npm start exited:\n${run.stderr()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Stops what is left of a run's process group (a test that failed half-way), killing what hangs. */
async function stopGroup(run: StartRun | undefined): Promise<void> {
  if (!run || run.child.exitCode !== null || run.child.signalCode !== null) return;
  const exited = new Promise((r) => run.child.once('exit', r));
  process.kill(-run.child.pid!, 'SIGTERM');
  const timer = setTimeout(() => process.kill(-run.child.pid!, 'SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}

/** A free port whose next port is free too (npm start's metrics ports). */
/**
 * Two adjacent ports free on 127.0.0.1, below the kernel's ephemeral range: a port handed out by
 * `freePort` (an ephemeral one) has its neighbour taken at any moment as the local port of another
 * test's outgoing connection, and `npm start` then rightly refuses the pair.
 */
async function freePortPair(): Promise<number> {
  const [ephemeralLow] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
    .trim()
    .split(/\s+/)
    .map(Number);
  const top = (ephemeralLow ?? 32768) - 2;
  for (;;) {
    const port = 10_000 + Math.floor(Math.random() * (top - 10_000));
    if ((await bindable(port)) && (await bindable(port + 1))) return port;
  }
}

/** Whether a server can listen on `port` of 127.0.0.1 right now (it closes again at once). */
function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
      .once('error', () => resolve(false))
      .listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Whether something accepts connections on `port` of 127.0.0.1. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
      .once('connect', () => resolve(true))
      .once('error', () => resolve(false));
    socket.unref();
    socket.once('connect', () => socket.destroy());
  });
}

describe('npm start', () => {
  let run: StartRun | undefined;
  let dataDir: string;

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'docqa-start-'));
  });
  afterEach(async () => {
    await stopGroup(run);
    run = undefined;
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('starts its own Redis, the API and a worker, ingests docs/ and prints a demo token that answers', async () => {
    const program = startProgram();
    expect(existsSync(program)).toBe(true);
    const [port, redisPort] = [await freePort(), await freePort()];
    run = spawnStart(port, redisPort, dataDir);
    await started(run);
    const output = run.stderr;
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
      run = spawnStart(port, redisPort, dataDir);
      const code = await new Promise((r) => run!.child.once('exit', r));
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

  it("serves the API's metrics on METRICS_PORT and the worker's on the next port, and says so", async () => {
    const [port, redisPort, metricsPort] = [await freePort(), await freePort(), await freePortPair()];
    run = spawnStart(port, redisPort, dataDir, { METRICS_PORT: String(metricsPort), DEMO: 'false' });
    await started(run);
    const api = `http://127.0.0.1:${metricsPort}/metrics`;
    const worker = `http://127.0.0.1:${metricsPort + 1}/metrics`;
    expect(run.stderr()).toContain(`  Metrics     ${api} (API), ${worker} (worker)`);
    const apiText = await (await fetch(api)).text();
    const workerText = await (await fetch(worker)).text();
    expect(apiText).toContain('docqa_http_requests_total');
    expect(workerText).toContain('docqa_questions_total');
    for (const [text, process] of [
      [apiText, 'api'],
      [workerText, 'worker'],
    ]) {
      for (const queue of ['questions', 'ingest', 'sources', 'deliveries'])
        for (const state of ['waiting', 'active', 'delayed', 'failed'])
          expect(text).toMatch(
            new RegExp(
              `^docqa_queue_jobs\\{queue="${queue}",state="${state}",process="${process}"\\} \\d+$`,
              'm',
            ),
          );
      expect(text).toContain(`docqa_queue_jobs_up{process="${process}"} 1`);
    }
  }, 90_000);

  it('stops on Ctrl-C with answers in hand: workers, then Redis connections, then its Redis, and logs no error', async () => {
    const [port, redisPort] = [await freePort(), await freePort()];
    run = spawnStart(port, redisPort, dataDir);
    await started(run);
    const token = /Demo token {2}(dq_\S+)/.exec(run.stderr())![1];
    const asked = await Promise.all(
      ['How do I revoke a token?', 'How do I embed the widget?', 'Which settings are there?'].map(
        (question) =>
          fetch(`http://127.0.0.1:${port}/api/v2/question/`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ question }),
          }),
      ),
    );
    expect(asked.map((r) => r.status)).toEqual([201, 201, 201]);

    // A terminal's Ctrl-C: SIGINT to every process of the foreground group.
    const exited = new Promise<number | null>((r) => run!.child.once('exit', r));
    process.kill(-run.child.pid!, 'SIGINT');
    expect(await exited).toBe(0);
    const logged = run.stdout().split('\n').filter(Boolean);
    const entries = logged.map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(entries.filter((entry) => entry.level >= 50)).toEqual([]);
    expect(await listening(redisPort)).toBe(false);
    expect(await listening(port)).toBe(false);
  }, 90_000);
});
