import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';

/** Qdrant's REST schema, beside the repository like the other shared data (`../shared`). */
export const QDRANT_OPENAPI = join(process.cwd(), '../shared/qdrant/openapi.json');

/** One operation of the schema, found by method and path. */
export interface OpenApiOperation {
  operationId: string;
  pathParams: Record<string, string>;
  /** Query parameters the operation declares, with their types. */
  queryParams: Record<string, { type?: string; enum?: unknown[] }>;
}

interface Route {
  method: string;
  pattern: RegExp;
  names: string[];
  operation: Record<string, unknown>;
}

type Json = Record<string, unknown>;

const RANGES: Record<string, [number, number]> = {
  uint: [0, Number.MAX_SAFE_INTEGER],
  uint8: [0, 255],
  uint32: [0, 0xffffffff],
  uint64: [0, Number.MAX_SAFE_INTEGER],
  int64: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
};

/**
 * Validates JSON bodies against an OpenAPI 3.0 document with ajv, stricter than the document:
 * `nullable` becomes a real `null` type (Qdrant's generator writes `anyOf: [X, {nullable: true}]`
 * for optional fields, which as plain JSON Schema would accept anything), objects with declared
 * properties accept no others (a misspelt key is an error), and integer formats are range-checked
 * (sparse indices are uint32).
 */
export class OpenApiValidator {
  private readonly ajv = new Ajv({ strict: false, allErrors: true });
  private readonly routes: Route[] = [];
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(file: string = QDRANT_OPENAPI) {
    const doc = tighten(JSON.parse(readFileSync(file, 'utf8'))) as Json;
    for (const [format, [min, max]] of Object.entries(RANGES)) {
      this.ajv.addFormat(format, {
        type: 'number',
        validate: (n) => Number.isInteger(n) && n >= min && n <= max,
      });
    }
    for (const format of ['float', 'double'])
      this.ajv.addFormat(format, { type: 'number', validate: () => true });
    for (const format of ['uuid', 'date-time', 'uri', 'binary', 'partial-date-time'])
      this.ajv.addFormat(format, true);
    this.ajv.addSchema({ $id: 'openapi', components: doc.components }, 'openapi');
    for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, Json>>)) {
      const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      const pattern = new RegExp(`^${path.replace(/\{\w+\}/g, '([^/]+)')}$`);
      for (const [method, operation] of Object.entries(methods)) {
        this.routes.push({ method: method.toUpperCase(), pattern, names, operation });
      }
    }
  }

  /** The operation serving `method path`, if the schema has one. */
  find(method: string, path: string): OpenApiOperation | undefined {
    for (const route of this.routes) {
      const match = route.method === method ? route.pattern.exec(path) : null;
      if (!match) continue;
      const params = (route.operation.parameters ?? []) as { name: string; in: string; schema: Json }[];
      return {
        operationId: route.operation.operationId as string,
        pathParams: Object.fromEntries(route.names.map((n, i) => [n, decodeURIComponent(match[i + 1]!)])),
        queryParams: Object.fromEntries(
          params.filter((p) => p.in === 'query').map((p) => [p.name, p.schema]),
        ),
      };
    }
    return undefined;
  }

  /** Errors of a request body of `operationId` (none when valid). */
  requestErrors(operationId: string, body: unknown): string[] {
    const schema = this.operation(operationId).requestBody as Json | undefined;
    const content = (schema?.content as Record<string, { schema: Json }> | undefined)?.['application/json'];
    if (!content) return body === undefined ? [] : [`${operationId} takes no body`];
    return this.errors(`${operationId} request`, content.schema, body);
  }

  /** Errors of a response body of `operationId` with `status` (`default` when not listed). */
  responseErrors(operationId: string, status: number, body: unknown): string[] {
    const responses = this.operation(operationId).responses as Record<string, Json>;
    const response = responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
    const content = (response?.content as Record<string, { schema: Json }> | undefined)?.['application/json'];
    if (!content) return [`${operationId} has no JSON response for ${status}`];
    return this.errors(`${operationId} ${status} response`, content.schema, body);
  }

  private operation(operationId: string): Json {
    const route = this.routes.find((r) => r.operation.operationId === operationId);
    if (!route) throw new Error(`no operation ${operationId} in the schema`);
    return route.operation;
  }

  private errors(key: string, schema: Json, value: unknown): string[] {
    let validate = this.compiled.get(key);
    if (!validate) {
      const rebased = JSON.parse(
        JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/'),
      );
      validate = this.ajv.compile(rebased as Json);
      this.compiled.set(key, validate);
    }
    if (validate(value)) return [];
    return (validate.errors ?? []).map(
      (e) => `${key}: ${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`,
    );
  }
}

/** The stricter reading of the document described on {@link OpenApiValidator}. */
function tighten(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(tighten);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) out[key] = tighten(value);
  if (out.nullable === true) {
    delete out.nullable;
    if (out.type) out.type = [out.type, 'null'];
    else if (!out.$ref && !out.anyOf && !out.oneOf && !out.properties) out.type = 'null';
  }
  if (out.type === 'object' && out.properties && out.additionalProperties === undefined) {
    out.additionalProperties = false;
  }
  return out;
}
