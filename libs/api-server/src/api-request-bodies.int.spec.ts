import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { ScriptedAnswerer } from '@docqa/answering/testing';
import { deletePrefix, testPrefix, testRedis } from '@docqa/testing';
import type { Redis } from 'ioredis';
import { noKnowledgeBase, startStack, type Stack } from '@docqa/system-tests/testing';

/** Log lines the API wrote, parsed. */
class LogCapture extends Writable {
  readonly lines: { level: number; msg: string; res?: { statusCode: number }; aborted?: boolean }[] = [];
  override _write(chunk: Buffer, _enc: string, done: () => void): void {
    for (const line of chunk.toString().split('\n').filter(Boolean)) this.lines.push(JSON.parse(line));
    done();
  }
}

/** Sends `head` (and `body`) on a raw socket and resolves with what the server answers up to its first blank line. */
function rawRequest(port: number, head: string, body = ''): { socket: Socket; response: Promise<string> } {
  const socket = connect(port, '127.0.0.1');
  socket.write(head + body);
  const response = new Promise<string>((resolve, reject) => {
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString();
      if (text.includes('\r\n\r\n')) resolve(text);
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(text));
  });
  return { socket, response };
}

describe('request bodies: encodings, sizes, slow and aborted uploads', () => {
  let stack: Stack;
  let redis: Redis;
  let token: string;
  let port: number;
  const logs = new LogCapture();
  const prefix = testPrefix('bodies');

  beforeAll(async () => {
    redis = testRedis();
    stack = await startStack({
      prefix,
      answerer: new ScriptedAnswerer(),
      services: noKnowledgeBase(),
      logger: pino({ level: 'info' }, logs),
      env: { BODY_LIMIT: '2kb', REQUEST_TIMEOUT_MS: '1000' },
    });
    token = await stack.createToken({ tenant: 'acme', scopes: ['ask', 'ingest'] });
    port = Number(new URL(stack.baseUrl).port);
  });
  afterAll(async () => {
    await stack.close();
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  const errorLines = () => logs.lines.filter((l) => l.level >= 50);

  it.each(['gzip', 'deflate', 'br'])(
    'answers 400 as a problem, logged at info, for Content-Encoding %s on a body that is not compressed',
    async (encoding) => {
      const res = await fetch(stack.apiUrl + 'question/', {
        method: 'POST',
        body: JSON.stringify({ question: 'hello' }),
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-encoding': encoding,
        },
      });
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect((await res.json()).detail).toMatch(/not validly .*encoded/);
      expect(errorLines()).toEqual([]);
    },
  );

  it('answers 415 for an unknown Content-Encoding', async () => {
    const res = await fetch(stack.apiUrl + 'question/', {
      method: 'POST',
      body: JSON.stringify({ question: 'hello' }),
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'content-encoding': 'x-unknown',
      },
    });
    expect(res.status).toBe(415);
    expect((await res.json()).detail).toMatch(/x-unknown/);
    expect(errorLines()).toEqual([]);
  });

  it('answers 413 at once by the declared Content-Length, without waiting for the body', async () => {
    const { socket, response } = rawRequest(
      port,
      'POST /api/v2/question/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        `Authorization: Bearer ${token}\r\nContent-Length: 99999999999\r\n\r\n`,
      '{"question":',
    );
    const head = await response;
    socket.destroy();
    expect(head).toMatch(/^HTTP\/1\.1 413 /);
    expect(head).toMatch(/application\/problem\+json/);
  });

  it('answers 413 at once on the documents endpoint past its own limit', async () => {
    const { socket, response } = rawRequest(
      port,
      'POST /api/v2/documents/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        `Authorization: Bearer ${token}\r\nContent-Length: 99999999999\r\n\r\n`,
    );
    const head = await response;
    socket.destroy();
    expect(head).toMatch(/^HTTP\/1\.1 413 /);
  });

  it('times out a body that arrives too slowly (REQUEST_TIMEOUT_MS)', async () => {
    const started = Date.now();
    const { socket, response } = rawRequest(
      port,
      'POST /api/v2/question/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        `Authorization: Bearer ${token}\r\nContent-Length: 40\r\n\r\n`,
      '{"question":',
    );
    const head = await response;
    socket.destroy();
    expect(head).toMatch(/^HTTP\/1\.1 408 /);
    expect(head).toMatch(/\r\nContent-Type: application\/problem\+json\r\n/);
    // The limit is 1 s; the server checks every quarter of it. Generous for a loaded machine.
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('answers headers too large for the server with a 431 problem', async () => {
    const { socket, response } = rawRequest(
      port,
      `GET /api/v2/health HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${'x'.repeat(20_000)}\r\n\r\n`,
    );
    await once(socket, 'close');
    const text = await response;
    expect(text).toMatch(/^HTTP\/1\.1 431 /);
    const problem = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as { status: number; code: string };
    expect(problem).toMatchObject({ status: 431, code: 'headers_too_large' });
  });

  it('logs an upload the client aborts as a client abort at info, not an internal error', async () => {
    const before = logs.lines.length;
    const { socket } = rawRequest(
      port,
      'POST /api/v2/documents/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        `Authorization: Bearer ${token}\r\nContent-Length: 5000\r\n\r\n`,
      '{"documents":[{"title":"a","content":"',
    );
    // The client stops half-way: its end of the connection closes before the declared length.
    socket.end();
    const line = () => logs.lines.slice(before).find((l) => l.msg.startsWith('request '));
    while (!line()) await new Promise((r) => setTimeout(r, 20));
    socket.destroy();
    expect(line()).toMatchObject({ level: 30, res: { statusCode: 400 } });
    expect(errorLines()).toEqual([]);
  });
});
