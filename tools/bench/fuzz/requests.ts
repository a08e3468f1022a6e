/**
 * The fuzzer's request generator: for one mounted operation, a request that is valid, slightly
 * wrong or plain hostile (bad JSON, wrong types, huge values, mislabelled encodings, junk headers,
 * ids of nothing), drawn from a seeded random source so a run can be repeated. Requests carry a
 * bearer token, a portal session (cookie and CSRF token, sometimes wrong) or nothing.
 */
import { TENANT_HEADER } from '@docqa/contracts';
import { mcpBody, multipartBody, sourceBody } from './bodies';
import type { OperationFacts } from './openapi-examples';

/** A request to send: method, path under the API, headers and body bytes. */
export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** Declared Content-Length that differs from the body (sent on a raw socket). */
  declaredLength?: number;
  /** Index in `FuzzContext.sessions` of the portal session it was sent with. */
  session?: number;
}

/** A signed-in portal session. */
export interface PortalSession {
  email: string;
  /** `docqa_session=…`. */
  cookie: string;
  csrfHeader: string;
  csrf: string;
}

/** Ids and tokens the generator draws from. */
export interface FuzzContext {
  tokens: string[];
  questionIds: string[];
  chatIds: string[];
  documentIds: string[];
  /** Documents and sources that DELETE requests aim at, so the others stay to be read. */
  doomedDocumentIds: string[];
  jobIds: string[];
  sourceIds: string[];
  doomedSourceIds: string[];
  /** Ids of tokens made to be revoked (never the ones requests carry). */
  tokenIds: string[];
  /** Admin accounts made to be deleted (never the signed-in ones). */
  emails: string[];
  sessions: PortalSession[];
  /** The tenant admin's credentials, for valid sign-ins. */
  admin: { email: string; password: string };
  /** Origin of the local docs site that sources point at. */
  siteOrigin: string;
  /** Examples and query parameters of each operation, from the OpenAPI document. */
  operations: Map<string, OperationFacts>;
}

/** mulberry32: a small seeded PRNG. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const JUNK_STRINGS = [
  '',
  ' ',
  'x'.repeat(5000),
  '\u0000',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  '%E0%A4%A',
  '🙂'.repeat(50),
  "' OR 1=1 --",
  '$',
  '-',
  'abc',
  '99999999999999-0',
  '0',
  '-1',
  'null',
];
const JUNK_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1e308,
  [],
  {},
  [1, 2],
  { a: { b: { c: [] } } },
  ...JUNK_STRINGS,
];

/** Draws requests for the operations, e.g. `POST /api/v2/question/`. */
export class RequestGenerator {
  constructor(
    private readonly random: () => number,
    private readonly ctx: FuzzContext,
  ) {}

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)]!;
  }
  private chance(p: number): boolean {
    return this.random() < p;
  }

  /** One request for `operation` (`METHOD /api/v2/path/{param}/`). */
  next(operation: string): FuzzRequest {
    const [method, template] = operation.split(' ') as [string, string];
    const path = template.replace(/\{(\w+)\}/g, (_m, name: string) => this.param(name, method, template));
    const headers: Record<string, string> = {};
    const request: FuzzRequest = { method, path, headers };
    this.authenticate(request);
    if (this.chance(0.1)) headers['last-event-id'] = this.pick(JUNK_STRINGS).slice(0, 100) || '-';
    if (this.chance(0.1)) headers['idempotency-key'] = `k${Math.floor(this.random() * 20)}`;
    if (this.chance(0.05)) headers['if-none-match'] = this.pick(['"v1"', 'W/"v2"', '*', 'junk']);
    if (this.chance(0.05)) headers.origin = this.pick(['https://evil.test', 'null', 'http://127.0.0.1']);
    request.path += this.chance(0.2) ? this.query() : this.documentedQuery(operation);
    if (template.endsWith('/documents/upload') && this.chance(0.9)) multipartBody(request, this.random);
    else if (method === 'POST' || method === 'PUT' || this.chance(0.03)) this.body(request, operation);
    if (template.endsWith('/mcp') && this.chance(0.9))
      headers.accept = this.chance(0.9) ? 'application/json, text/event-stream' : 'text/html';
    // Not DELETE: a GET turned DELETE would remove what the other requests read.
    if (this.chance(0.02)) request.method = this.pick(['PATCH', 'PUT', 'OPTIONS', 'HEAD']);
    return request;
  }

  /** A bearer token (70 %), a portal session (25 %; its CSRF token sometimes wrong) or nothing. */
  private authenticate(request: FuzzRequest): void {
    const draw = this.random();
    if (draw < 0.7) request.headers.authorization = `Bearer ${this.pick(this.ctx.tokens)}`;
    else if (draw < 0.95 && this.ctx.sessions.length) {
      request.session = Math.floor(this.random() * this.ctx.sessions.length);
      const session = this.ctx.sessions[request.session]!;
      request.headers.cookie = session.cookie;
      if (!this.chance(0.1))
        request.headers[session.csrfHeader] = this.chance(0.9) ? session.csrf : this.pick(JUNK_STRINGS);
      if (this.chance(0.2)) request.headers[TENANT_HEADER] = this.pick(['fuzz', 'other', 'x', '']);
    }
  }

  /** A query parameter the OpenAPI document declares, with a value it names or a junk one. */
  private documentedQuery(operation: string): string {
    const params = this.ctx.operations.get(operation)?.query ?? [];
    if (!params.length || this.chance(0.5)) return '';
    const param = this.pick(params);
    const value = param.values.length && this.chance(0.7) ? this.pick(param.values) : this.pick(JUNK_STRINGS);
    return `?${encodeURIComponent(param.name)}=${encodeURIComponent(value.slice(0, 200))}`;
  }

  private param(name: string, method: string, template: string): string {
    const doomed = method === 'DELETE';
    if (this.chance(0.15)) return encodeURIComponent(this.pick(JUNK_STRINGS).slice(0, 200)) || 'x';
    const ids =
      name === 'chat_id' || template.includes('/chat/')
        ? this.ctx.chatIds
        : name === 'email'
          ? this.ctx.emails
          : template.includes('/documents/')
            ? doomed
              ? this.ctx.doomedDocumentIds
              : this.ctx.documentIds
            : template.includes('/jobs/')
              ? this.ctx.jobIds
              : template.includes('/sources/')
                ? doomed
                  ? this.ctx.doomedSourceIds
                  : this.ctx.sourceIds
                : template.includes('/admin/tokens/')
                  ? this.ctx.tokenIds
                  : this.ctx.questionIds;
    return ids.length ? this.pick(ids) : 'q_unknown00';
  }

  private query(): string {
    const key = this.pick(['wait', 'mode', 'last_event_id', 'cursor', 'limit', 'x']);
    const value = this.pick(['0', '1', '31', '-5', 'full', 'minimal', 'bogus', '$', 'abc', '%ZZ']);
    return `?${key}=${value}`;
  }

  private body(request: FuzzRequest, operation: string): void {
    const shape = this.random();
    let body: string;
    if (shape < 0.45) body = JSON.stringify(this.validBody(operation));
    else if (shape < 0.75) body = JSON.stringify(this.mutate(this.validBody(operation)));
    else if (shape < 0.85) body = JSON.stringify(this.pick(JUNK_VALUES));
    else body = this.pick(['{', '{"question":', 'not json', '\u0000\u0001', '[]', '"x"', '{"a":1}}']);
    request.body = body;
    request.headers['content-type'] = this.chance(0.9)
      ? 'application/json'
      : this.pick(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']);
    if (this.chance(0.05))
      request.headers['content-encoding'] = this.pick(['gzip', 'deflate', 'br', 'compress', 'x-unknown']);
    if (this.chance(0.02)) request.declaredLength = this.pick([99_999_999_999, body.length + 50, 20_000_000]);
  }

  /** A well-formed body for the operation: written here, or the OpenAPI document's example. */
  private validBody(operation: string): Record<string, unknown> {
    const [method, template] = operation.split(' ') as [string, string];
    const filters = this.chance(0.3)
      ? this.chance(0.5)
        ? { product: this.pick(['cli', 'api']) }
        : [{ type: this.pick(['eq', 'contains']), property: 'tags', value: ['a', 'b'] }]
      : undefined;
    const question = { question: this.pick(['How do I rotate a token?', 'What is docqa?', 'x']), filters };
    if (template.endsWith('/question/batch/')) return { questions: [question, question] };
    if (template.includes('/feedback/')) return { rating: this.pick(['up', 'down']), details: 'fuzz' };
    if (template.endsWith('/conversation/'))
      return { chat_id: this.ctx.chatIds.length ? this.pick(this.ctx.chatIds) : 'c_unknown00' };
    if (template.endsWith('/rag/search/'))
      return { query: 'token', filters, search_mode: this.pick(['semantic', 'keyword', 'hybrid']) };
    if (template.endsWith('/documents/'))
      return {
        documents: [
          {
            title: 'Fuzz doc',
            content: this.pick(['# Title\n\nSome text.', '<p>&lt;script&gt;x&lt;/script&gt;</p>']),
            content_type: this.pick(['text/markdown', 'text/html', 'text/plain']),
            url: this.pick(['https://docs.test/a', 'javascript:alert(1)', undefined]),
          },
        ],
      };
    if (template.endsWith('/settings/')) return { examples: ['a?'], labels: { CHAT_PLACEHOLDER: 'Ask' } };
    if (template.endsWith('/admin/session') && this.chance(0.5)) return { ...this.ctx.admin };
    if (template.endsWith('/admin/accounts/'))
      return { email: `new-${Math.floor(this.random() * 1000)}@fuzz.test`, tenants: ['fuzz'] };
    if (template.endsWith('/sources/') && method === 'POST')
      return sourceBody(this.ctx.siteOrigin, this.random);
    if (template.endsWith('/mcp')) return mcpBody(this.ctx.documentIds, this.random);
    const example = this.ctx.operations.get(operation)?.example;
    return example && typeof example === 'object' ? (example as Record<string, unknown>) : question;
  }

  /** The body with one field replaced by a junk value, or a junk field added. */
  private mutate(body: Record<string, unknown>): Record<string, unknown> {
    const keys = Object.keys(body);
    const key =
      keys.length && this.chance(0.8) ? this.pick(keys) : this.pick(['extra', '__proto__', 'filters']);
    return { ...body, [key]: this.pick(JUNK_VALUES) };
  }
}
