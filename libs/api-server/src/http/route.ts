import type { Request, RequestHandler, Response, Router } from 'express';
import type { ZodType } from 'zod';
import type { OpenAPIRegistry, ResponseConfig } from '@asteasolutions/zod-to-openapi';
import type { Role, Scope } from '@docqa/contracts';
import { ProblemSchema, z } from '@docqa/contracts';
import { ValidationError } from '@docqa/errors';
import { principalOf, requireScope, type RouteCheck } from './auth';
import { markRoute } from './request-log';
import { requireRole, ruleOf } from './route-roles';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** One documented response of a route. */
export interface ResponseSpec {
  description: string;
  schema?: ZodType;
  contentType?: string;
  headers?: Record<string, string>;
}

/**
 * An endpoint described once: the router validates with these schemas and the OpenAPI document
 * is generated from the same ones.
 */
export interface RouteSpec<B = unknown, Q = unknown> {
  method: Method;
  /** Express path under /api/v2, e.g. `/question/:id/`. */
  path: string;
  /** Unique name of the operation (client generators name their methods after it), camelCase. */
  operationId: string;
  /** One line for lists of operations. */
  summary: string;
  /** What the operation does and how to use it, for the reference. */
  description: string;
  /** Group of the operation; every tag is declared in {@link API_TAGS}. */
  tag: ApiTag;
  /** Scope the token needs (any one of a list); `null` for a public endpoint. */
  scope: Scope | Scope[] | null;
  body?: ZodType<B>;
  /** A `multipart/form-data` body, documented only: the handler reads the parts itself. */
  form?: ZodType;
  /** A JSON body, documented only: the handler checks it and answers what is wrong in it itself. */
  jsonDocumented?: ZodType;
  /**
   * A body signed by the platform that sends it (Slack, Discord), documented only: the JSON parser
   * leaves it alone, and the handler reads the raw bytes its signature covers.
   */
  signedBody?: { contentType: string; schema: ZodType };
  query?: ZodType<Q>;
  headers?: ZodType;
  responses: Record<number, ResponseSpec>;
}

/**
 * A middleware that always passes the request on (`next()`, or `next(err)` to refuse it), as a
 * body parser does, as a {@link RouteCheck}: `express.raw` reading a signed body before its
 * route's handler.
 */
export function middlewareCheck(middleware: RequestHandler): RouteCheck {
  return (req, res) =>
    new Promise<void>((resolve, reject) => {
      void middleware(req, res, (err?: unknown) => (err ? reject(err) : resolve()));
    });
}

/** A validated request: `body` and `query` already parsed by the route's schemas. */
export interface Valid<B, Q> {
  body: B;
  query: Q;
}

export type RouteHandler<B, Q> = (req: Request, res: Response, valid: Valid<B, Q>) => Promise<void> | void;

/** The groups of operations in the reference, alphabetical, each with what it holds. */
export const API_TAGS = {
  Admin: 'The administration portal’s API: sign-in sessions, tokens and admin accounts.',
  Documents: 'The knowledge base: add, list, read and delete documents, and follow ingest jobs.',
  Evaluations:
    'Evaluation sets of questions with expected answers, and runs that score the answers and list regressions.',
  Health: 'Liveness and dependency checks, without a token.',
  Insights: 'What visitors ask: totals and series, conversations, coverage gaps and exports.',
  Integrations:
    'Slack and Discord: the endpoints their platforms call, and each tenant’s integration settings.',
  MCP: 'The Model Context Protocol server over the knowledge base, for coding assistants and agents.',
  Questions: 'Ask questions and read, poll or stream their answers; chats and feedback.',
  Search: 'Search the knowledge base directly, for backends that build their own prompts.',
  Sources: 'Places documents come from (sitemaps, pages, llms.txt, GitHub), kept in sync on a schedule.',
  Widget: 'What the embeddable widget calls: streamed answers, chat history and its settings.',
} as const;
export type ApiTag = keyof typeof API_TAGS;

/**
 * Adds `DELETE <path>` of one of the caller's tenant's resources by its `:id`: `remove` throws
 * NotFoundError for an unknown one; the answer is 204.
 */
export function addDeleteRoute(
  routes: RouteTable,
  spec: Omit<RouteSpec, 'method' | 'responses'>,
  remove: (tenant: string, id: string) => Promise<void>,
): void {
  routes.add(
    { ...spec, method: 'delete', responses: { 204: { description: 'Deleted' } } },
    async (req, res) => {
      await remove(principalOf(req).tenant, String(req.params.id));
      res.status(204).end();
    },
  );
}

/**
 * Adds `GET <path>` of one of the caller's tenant's resources by its `:id`: `read` throws
 * NotFoundError for an unknown one; the answer is 200 with what it returns.
 */
export function addGetRoute(
  routes: RouteTable,
  spec: Omit<RouteSpec, 'method'>,
  read: (tenant: string, id: string) => Promise<unknown>,
): void {
  routes.add({ ...spec, method: 'get' }, async (req, res) => {
    res.json(await read(principalOf(req).tenant, String(req.params.id)));
  });
}

/** Routes registered so far, for the 404/405 handler and the docs. */
export class RouteTable {
  readonly specs: RouteSpec[] = [];
  /** The routes that read their own body, with their path patterns (asked on every request). */
  private readonly ownBody: { method: string; path: RegExp }[] = [];

  /**
   * @param authenticate verifies the bearer token of scoped routes; public routes (health, docs)
   *   never look at a token, so a stale one cannot make them fail.
   * @param audit records a state-changing call of an operation once answered (see `auditTrail`).
   */
  constructor(
    private readonly router: Router,
    private readonly registry: OpenAPIRegistry,
    private readonly basePath: string,
    private readonly authenticate: RouteCheck,
    private readonly audit?: (operationId: string) => RouteCheck,
  ) {}

  /**
   * Mounts `handler` behind token, scope, role (the operation's row of `ROUTE_ROLES`, required
   * for every scoped route) and schema checks, records state-changing calls in the audit log, and
   * documents the route. `before` runs after the token check and before the scope check. The
   * checks run in order in the route's one handler (see {@link RouteCheck}).
   */
  add<B, Q>(spec: RouteSpec<B, Q>, handler: RouteHandler<B, Q>, ...before: RouteCheck[]): void {
    this.specs.push(spec as RouteSpec);
    if (spec.form || spec.signedBody) this.ownBody.push({ method: spec.method, path: toRegExp(spec.path) });
    this.document(spec);
    const audited = spec.scope && spec.method !== 'get' && ruleOf(spec.operationId).audited !== false;
    const checks = spec.scope
      ? [this.authenticate, ...before, requireScope(spec.scope), requireRole(spec.operationId)]
      : [...before];
    if (audited && this.audit) checks.push(this.audit(spec.operationId));
    const valid = (req: Request): Valid<B, Q> => ({
      body: spec.body ? parse(spec.body, req.body ?? {}, 'body') : (undefined as B),
      query: spec.query ? parse(spec.query, req.query, 'query') : (undefined as Q),
    });
    // The checks from `from` on, then the handler. Not an async function: a check that answered
    // at once costs no promise and no turn of the microtask queue, and the handler's own promise
    // is what the router awaits. What throws here, the router passes on as a rejection would be.
    const run = (req: Request, res: Response, from: number): Promise<void> | void => {
      for (let i = from; i < checks.length; i++) {
        const pending = checks[i]!(req, res);
        if (pending) return pending.then(() => run(req, res, i + 1));
      }
      return handler(req, res, valid(req));
    };
    this.router[spec.method](spec.path, (req, res) => {
      markRoute(req, res);
      return run(req, res, 0);
    });
  }

  /** Every operation as `METHOD /api/v2/path/{param}/`, as the OpenAPI document names it. */
  operations(): string[] {
    return this.specs.map((s) => `${s.method.toUpperCase()} ${this.openApiPath(s.path)}`);
  }

  /** Whether `method path` (under the base path) is a route that reads its own body (multipart or signed). */
  readsOwnBody(method: string, path: string): boolean {
    const lower = method.toLowerCase();
    return this.ownBody.some((r) => r.method === lower && r.path.test(path));
  }

  /** Methods registered for a concrete path, for 405 `Allow`. */
  methodsFor(path: string): string[] {
    return this.specs.filter((s) => toRegExp(s.path).test(path)).map((s) => s.method.toUpperCase());
  }

  private document(spec: RouteSpec): void {
    const responses: Record<string, ResponseConfig> = {};
    for (const [status, r] of Object.entries(spec.responses)) {
      responses[status] = {
        description: r.description,
        ...(r.schema ? { content: { [r.contentType ?? 'application/json']: { schema: r.schema } } } : {}),
        ...(r.headers
          ? {
              headers: Object.fromEntries(
                Object.entries(r.headers).map(([h, d]) => [
                  h,
                  { description: d, schema: { type: 'string' } },
                ]),
              ),
            }
          : {}),
      };
    }
    const scopes = spec.scope === null ? [] : [spec.scope].flat();
    const problems = spec.scope ? [400, 401, 403, 404, 429, 503] : [400, 503];
    if (spec.body || spec.form || spec.jsonDocumented || spec.signedBody) problems.push(413, 415);
    for (const status of problems) {
      responses[status] ??= {
        description: status === 403 ? missingScopeDescription(scopes) : PROBLEM_DESCRIPTIONS[status]!,
        content: { 'application/problem+json': { schema: ProblemSchema } },
      };
    }
    this.registry.registerPath({
      method: spec.method,
      path: this.openApiPath(spec.path),
      operationId: spec.operationId,
      summary: spec.summary,
      // Spectral's ruleset allows scopes in `security` for OAuth schemes only, so they are said in words.
      description: scopes.length
        ? `${spec.description} ${neededScopeSentence(scopes, ruleOf(spec.operationId).role)}`
        : spec.description,
      tags: [spec.tag],
      security: spec.scope ? [{ bearer: [] }, { session: [] }] : [],
      request: {
        ...(spec.body
          ? { body: { content: { 'application/json': { schema: spec.body } }, required: true } }
          : {}),
        ...(spec.form
          ? { body: { content: { 'multipart/form-data': { schema: spec.form } }, required: true } }
          : {}),
        ...(spec.jsonDocumented
          ? { body: { content: { 'application/json': { schema: spec.jsonDocumented } }, required: true } }
          : {}),
        ...(spec.signedBody
          ? {
              body: {
                content: { [spec.signedBody.contentType]: { schema: spec.signedBody.schema } },
                required: true,
              },
            }
          : {}),
        ...(spec.query ? { query: spec.query as never } : {}),
        ...(spec.path.includes(':') ? { params: pathParams(spec.path) as never } : {}),
        ...(spec.headers ? { headers: spec.headers as never } : {}),
      },
      responses,
    });
  }

  private openApiPath(path: string): string {
    return this.basePath + path.replace(/:(\w+)/g, '{$1}');
  }
}

/**
 * The scope (or scopes, any one of them) a token needs, in words: "the `search` or `ask` scope
 * (or `admin`, which has every scope)".
 */
function scopeNames(scopes: Scope[]): string {
  const named = `the ${scopes.map((scope) => `\`${scope}\``).join(' or ')} scope`;
  return scopes.includes('admin') ? named : `${named} (or \`admin\`, which has every scope)`;
}

/** The line an operation's description ends with: which token or session may call it. */
function neededScopeSentence(scopes: Scope[], role: Role): string {
  const who = { owner: 'an `owner`', editor: 'an `owner` or `editor`', viewer: 'any admin' }[role];
  return `Needs a token with ${scopeNames(scopes)}, or a portal session of ${who} of the tenant.`;
}

/** The 403 of an operation, naming the scope its token needs. */
function missingScopeDescription(scopes: Scope[]): string {
  return `The token lacks ${scopeNames(scopes)}, the session's role may not do this (\`role_forbidden\`), or the origin is not allowed.`;
}

const PROBLEM_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid body or parameter (problem details with `errors`).',
  401: 'Missing, unknown or expired token.',
  404: 'No such record for this tenant.',
  413: 'The body is larger than the limit.',
  415: 'The body is not JSON (`Content-Type: application/json`).',
  429: 'Rate limited; see `Retry-After`.',
  503: 'A dependency is unavailable.',
};

/** A request header checked against its schema (400 naming `headers.<name>` when invalid). */
export function parseHeader<T>(schema: ZodType<T>, name: string, value: string | undefined): T | undefined {
  return value === undefined ? undefined : parse(schema, value, `headers.${name}`);
}

function parse<T>(schema: ZodType<T>, value: unknown, where: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new ValidationError(`the request ${where} is invalid`, {
    errors: result.error.issues.map((i) => ({
      path: [where, ...i.path.map(String)].join('.'),
      message: i.message,
    })),
  });
}

function toRegExp(path: string): RegExp {
  const pattern = path
    .replace(/\/$/, '')
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/:\w+/g, '[^/]+');
  return new RegExp(`^${pattern}/?$`);
}

/** The path's parameters, each described by the segment before it (`/question/:id/` → the question's id). */
function pathParams(path: string) {
  const params = [...path.matchAll(/([\w-]+)\/:(\w+)/g)].map(([, owner, name]) => {
    const what = owner!.replace(/s$/, '');
    return [name!, z.string().openapi({ description: `Id of the ${what}.` })] as const;
  });
  return z.object(Object.fromEntries(params));
}
