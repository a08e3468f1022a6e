import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Schemas } from '@qdrant/js-client-rest';
import { OpenApiValidator } from './openapi-validator';
import { EmulatedCollection } from './qdrant-emulation';

/** One request the fake received. */
export interface QdrantCall {
  operationId: string;
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingMessage['headers'];
  body: unknown;
}

/**
 * An HTTP server posing as Qdrant for request-validation tests. Every request is matched to an
 * operation of Qdrant's OpenAPI document, its query parameters and JSON body are validated, and
 * it gets a well-formed answer (itself validated against the response schema). It keeps each
 * collection's points and searches them as Qdrant does ({@link EmulatedCollection}), unless
 * {@link SchemaCheckedQdrant.points} scripts the hits. Problems land in
 * {@link SchemaCheckedQdrant.errors}.
 */
export class SchemaCheckedQdrant {
  readonly calls: QdrantCall[] = [];
  readonly errors: string[] = [];
  /** Hits every query answers with, when set; else queries search the collection. */
  points: Schemas['ScoredPoint'][] = [];
  private readonly collections = new Map<string, EmulatedCollection>();
  private readonly failures: number[] = [];
  private operations = 0;

  private constructor(
    private readonly server: Server,
    readonly validator: OpenApiValidator,
  ) {}

  /** Starts the fake on a free local port. */
  static async start(validator = new OpenApiValidator()): Promise<SchemaCheckedQdrant> {
    const fake: SchemaCheckedQdrant = new SchemaCheckedQdrant(
      createServer((req, res) => {
        void fake.handle(req).then(([status, body]) => {
          res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
        });
      }),
      validator,
    );
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  /** Base URL for a `QdrantClient`. */
  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The version `GET /` reports. */
  version = '1.19.0';

  /** Answers the next request with this HTTP status and a Qdrant error body. */
  failNext(status: number): void {
    this.failures.push(status);
  }

  /** Operation ids received, in order. */
  operationIds(): string[] {
    return this.calls.map((c) => c.operationId);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage): Promise<[number, unknown]> {
    const url = new URL(req.url ?? '/', 'http://qdrant');
    const raw = await readBody(req);
    const operation = this.validator.find(req.method ?? 'GET', url.pathname);
    if (!operation) {
      this.errors.push(`no operation for ${req.method} ${url.pathname}`);
      return [404, { status: { error: 'unknown route' }, time: 0 }];
    }
    const { operationId } = operation;
    let body: unknown;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      this.errors.push(`${operationId}: body is not JSON`);
    }
    const query = Object.fromEntries(url.searchParams);
    this.calls.push({
      operationId,
      method: req.method!,
      path: url.pathname,
      query,
      headers: req.headers,
      body,
    });
    this.errors.push(...queryErrors(operationId, query, operation.queryParams));
    this.errors.push(...this.validator.requestErrors(operationId, body));
    const [status, answer] = this.answer(operationId, operation.pathParams, body);
    this.errors.push(...this.validator.responseErrors(operationId, status, answer));
    return [status, answer];
  }

  private answer(operationId: string, params: Record<string, string>, body: unknown): [number, unknown] {
    const name = params.collection_name ?? '';
    const failure = this.failures.shift();
    if (failure) return [failure, { status: { error: `scripted failure ${failure}` }, time: 0 }];
    const ok = (result: unknown): [number, unknown] => [
      200,
      { usage: null, time: 0.001, status: 'ok', result },
    ];
    const update = () => ({ operation_id: ++this.operations, status: 'completed' });
    const done = () => ok(update());
    const collection = this.collections.get(name);
    switch (operationId) {
      case 'root':
        return [200, { title: 'qdrant - vector search engine', version: this.version, commit: null }];
      case 'collection_exists':
        return ok({ exists: !!collection });
      case 'create_collection':
        this.collections.set(name, new EmulatedCollection(body as Schemas['CreateCollection']));
        return ok(true);
      case 'delete_collection':
        return ok(this.collections.delete(name));
    }
    if (!collection) return [404, { status: { error: `Collection \`${name}\` doesn't exist!` }, time: 0 }];
    // The validator checked the body against the operation's schema.
    const request = body as {
      field_name: string;
      field_schema: Schemas['PayloadFieldSchema'];
      points: Schemas['PointStruct'][];
      filter: Schemas['Filter'];
      keys: string[];
      operations: ({ set_payload: Schemas['SetPayload'] } | { update_vectors: Schemas['UpdateVectors'] })[];
      sparse_vectors?: Record<string, { modifier?: Schemas['Modifier'] | null }>;
      metadata?: Schemas['Payload'];
    };
    switch (operationId) {
      case 'get_collection':
        return ok(collection.info());
      case 'update_collection':
        collection.updateSparseVectors(request.sparse_vectors ?? {});
        collection.updateMetadata(request.metadata ?? {});
        return ok(true);
      case 'create_field_index':
        collection.createIndex(request.field_name, request.field_schema);
        return done();
      case 'delete_field_index':
        collection.deleteIndex(params.field_name ?? '');
        return done();
      case 'delete_payload':
        collection.deletePayload(request.keys, request.filter);
        return done();
      case 'upsert_points':
        collection.upsert(request.points);
        return done();
      case 'delete_points':
        collection.delete(request.filter);
        return done();
      case 'batch_update':
        for (const operation of request.operations) {
          if ('set_payload' in operation) {
            collection.setPayload(operation.set_payload.payload, operation.set_payload.points ?? []);
          } else {
            collection.updateVectors(operation.update_vectors.points);
          }
        }
        return ok([update()]);
      case 'count_points':
        return ok({ count: collection.count(request.filter) });
      case 'scroll_points':
        return ok(collection.scroll(request));
      case 'query_points':
        return ok({ points: this.points.length ? this.points : collection.query(request) });
      default:
        this.errors.push(`the fake does not answer ${operationId}`);
        return [500, { status: { error: 'not faked' }, time: 0 }];
    }
  }
}

function queryErrors(
  operationId: string,
  query: Record<string, string>,
  declared: Record<string, { type?: string; enum?: unknown[] }>,
): string[] {
  return Object.entries(query).flatMap(([name, value]) => {
    const schema = declared[name];
    if (!schema) return [`${operationId}: undeclared query parameter ${name}`];
    const valid =
      schema.type === 'boolean'
        ? value === 'true' || value === 'false'
        : schema.type === 'integer'
          ? /^\d+$/.test(value)
          : !schema.enum || schema.enum.includes(value);
    return valid ? [] : [`${operationId}: query parameter ${name}=${value} does not match its schema`];
  });
}

async function readBody(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts).toString('utf8');
}
