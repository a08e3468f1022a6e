import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One call a stand-in received. */
export interface RecordedCall {
  /** `chat.postMessage` for Slack; `PATCH /webhooks/…/messages/@original` for Discord. */
  method: string;
  /** The request's body, parsed (JSON, or a form with its JSON-looking fields parsed). */
  args: Record<string, unknown>;
  headers: IncomingMessage['headers'];
  /** When it arrived (`performance.now()`). */
  at: number;
  /** What the stand-in answered. */
  reply?: Reply;
}

/** A canned failure: the status, its body and headers (e.g. 429 with `Retry-After`). */
export interface Failure {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** What a platform's handler answers: status and body. */
export type Reply = { status: number; body: unknown; headers?: Record<string, string> };

/**
 * The HTTP part shared by the Slack and Discord stand-ins: records every call, answers through
 * the platform's handler, fails the next calls of a method as scripted, or all of them while
 * `down`, and lets a test wait for a call (no sleeps).
 */
export class PlatformStandIn {
  readonly calls: RecordedCall[] = [];
  /** Answer every call with 503 (the platform is down). */
  down = false;
  private readonly failures: { method: string; failure: Failure }[] = [];
  private readonly waiters = new Set<() => void>();
  private server?: Server;
  url = '';

  constructor(
    private readonly handle: (
      method: string,
      args: Record<string, unknown>,
      headers: IncomingMessage['headers'],
    ) => Reply,
  ) {}

  async start(path: string): Promise<this> {
    this.server = createServer((req, res) => void this.serve(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${path}`;
    return this;
  }

  /** Makes the next `times` calls of `method` fail as given. */
  failNext(method: string, failure: Failure, times = 1): void {
    for (let i = 0; i < times; i++) this.failures.push({ method, failure });
  }

  /** The calls of one method. */
  callsOf(method: string): RecordedCall[] {
    return this.calls.filter((c) => c.method === method);
  }

  /** Resolves with the first call that matches, as soon as it arrives; rejects after `timeoutMs`. */
  waitFor(match: (call: RecordedCall) => boolean, timeoutMs = 30_000): Promise<RecordedCall> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = this.calls.find(match);
        if (!found) return false;
        this.waiters.delete(waiter);
        clearTimeout(timer);
        resolve(found);
        return true;
      };
      const waiter = () => void check();
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(
          new Error(
            `no matching call in ${timeoutMs} ms; calls: ${this.calls.map((c) => c.method).join(', ')}`,
          ),
        );
      }, timeoutMs);
      if (!check()) this.waiters.add(waiter);
    });
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => {
      this.server?.close(() => resolve());
      this.server?.closeAllConnections();
    });
  }

  private async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const method = methodOf(req.method ?? 'GET', path, this.url);
    const args = parseBody(text, req.headers['content-type']);
    const call: RecordedCall = { method, args, headers: req.headers, at: performance.now() };
    const scripted = this.failures.findIndex((f) => f.method === method);
    const reply: Reply = this.down
      ? { status: 503, body: { message: 'service unavailable' } }
      : scripted >= 0
        ? this.failures.splice(scripted, 1)[0]!.failure
        : this.handle(method, args, req.headers);
    call.reply = reply;
    this.calls.push(call);
    for (const waiter of [...this.waiters]) waiter();
    res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
    res.end(JSON.stringify(reply.body));
  }
}

/** `chat.update` under Slack's `/api/`; `PATCH /webhooks/…` elsewhere. */
function methodOf(verb: string, path: string, base: string): string {
  const prefix = new URL(base).pathname;
  const rest = path.startsWith(prefix) ? path.slice(prefix.length) : path;
  return prefix.endsWith('/api/') ? rest : `${verb} ${rest.replace(/^\/v\d+/, '')}`;
}

function parseBody(text: string, type: string | undefined): Record<string, unknown> {
  if (!text) return {};
  if (type?.includes('json')) return JSON.parse(text) as Record<string, unknown>;
  const form: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    try {
      form[key] = /^[[{]/.test(value) ? JSON.parse(value) : value;
    } catch {
      form[key] = value;
    }
  }
  return form;
}
