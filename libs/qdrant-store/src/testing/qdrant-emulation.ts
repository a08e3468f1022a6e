import type { Schemas } from '@qdrant/js-client-rest';
import { idf } from '@docqa/retrieval';

type Filter = Schemas['Filter'];
type PointId = string | number;
type Payload = Record<string, unknown>;

interface StoredPoint {
  id: PointId;
  payload: Payload;
  vectors: Record<string, number[] | { indices: number[]; values: number[] }>;
}

/** A query or prefetch of the Query API, as far as the emulation reads it. */
interface QueryBody {
  query?: unknown;
  using?: string;
  filter?: Filter;
  limit?: number;
  prefetch?: QueryBody[];
  with_payload?: boolean | string[];
}

/**
 * One collection of {@link SchemaCheckedQdrant}, searched as Qdrant searches: filters
 * (`must`/`should`/`must_not`, `match` value/any, `has_id`, nested filters), dense cosine and sparse
 * dot-product queries (with the `idf` modifier counted over the whole collection, as Qdrant does),
 * prefetches fused by weighted RRF, exact counts, scrolls and payload updates. Enough of Qdrant for
 * the vector-store contract to run against `QdrantStore` without a server.
 */
export class EmulatedCollection {
  private readonly points = new Map<string, StoredPoint>();
  private readonly payloadIndexes = new Map<string, Schemas['PayloadFieldSchema']>();

  constructor(private readonly params: Schemas['CreateCollection']) {}

  upsert(points: Schemas['PointStruct'][]): void {
    for (const point of points) {
      const vectors = (point.vector ?? {}) as StoredPoint['vectors'];
      this.points.set(String(point.id), { id: point.id, payload: { ...point.payload }, vectors });
    }
  }

  delete(filter: Filter): void {
    for (const [key, point] of this.points) if (matches(point, filter)) this.points.delete(key);
  }

  setPayload(payload: Payload, ids: PointId[]): void {
    for (const id of ids) {
      const point = this.points.get(String(id));
      if (point) Object.assign(point.payload, payload);
    }
  }

  /** Replaces the named vectors given for each point, keeping its others (Qdrant's `update_vectors`). */
  updateVectors(points: Schemas['PointVectors'][]): void {
    for (const { id, vector } of points) {
      const point = this.points.get(String(id));
      if (point) Object.assign(point.vectors, vector as StoredPoint['vectors']);
    }
  }

  deletePayload(keys: string[], filter: Filter): void {
    for (const point of this.points.values()) {
      if (matches(point, filter)) for (const key of keys) delete point.payload[key];
    }
  }

  createIndex(field: string, schema: Schemas['PayloadFieldSchema']): void {
    this.payloadIndexes.set(field, schema);
  }

  deleteIndex(field: string): void {
    this.payloadIndexes.delete(field);
  }

  updateSparseVectors(update: Record<string, { modifier?: Schemas['Modifier'] | null }>): void {
    const sparse = (this.params.sparse_vectors ??= {});
    for (const [name, params] of Object.entries(update)) sparse[name] = { ...sparse[name], ...params };
  }

  /** Merges metadata into the collection's, as Qdrant does: a key set to null is removed. */
  updateMetadata(update: Schemas['Payload']): void {
    const metadata: Schemas['Payload'] = { ...this.params.metadata, ...update };
    for (const [key, value] of Object.entries(update)) if (value === null) delete metadata[key];
    this.params.metadata = metadata;
  }

  count(filter: Filter | undefined): number {
    return [...this.points.values()].filter((p) => matches(p, filter)).length;
  }

  scroll(body: {
    filter?: Filter;
    limit?: number;
    offset?: PointId | null;
    with_payload?: string[] | boolean;
  }): {
    points: Schemas['Record'][];
    next_page_offset: PointId | null;
  } {
    const sorted = [...this.points.values()]
      .filter((p) => matches(p, body.filter))
      .sort((x, y) => String(x.id).localeCompare(String(y.id)));
    const start = body.offset == null ? 0 : sorted.findIndex((p) => String(p.id) >= String(body.offset));
    const page = sorted.slice(start, start + (body.limit ?? 10));
    const next = sorted[start + page.length];
    return {
      points: page.map((p) => ({ id: p.id, payload: pick(p.payload, body.with_payload ?? true) })),
      next_page_offset: next ? next.id : null,
    };
  }

  query(body: QueryBody): Schemas['ScoredPoint'][] {
    return this.rank(body).map(({ point, score }) => ({
      id: point.id,
      version: 1,
      score,
      payload: pick(point.payload, body.with_payload ?? false),
    }));
  }

  info(): Schemas['CollectionInfo'] {
    const payload_schema: Schemas['CollectionInfo']['payload_schema'] = {};
    for (const [field, schema] of this.payloadIndexes) {
      const data_type = (typeof schema === 'string' ? schema : schema.type) as Schemas['PayloadSchemaType'];
      payload_schema[field] = { data_type, points: this.points.size };
    }
    return {
      status: 'green',
      optimizer_status: 'ok',
      segments_count: 1,
      points_count: this.points.size,
      config: {
        params: {
          vectors: this.params.vectors,
          sparse_vectors: this.params.sparse_vectors,
        } as Schemas['CollectionParams'],
        hnsw_config: { m: 16, ef_construct: 100, full_scan_threshold: 10_000 },
        optimizer_config: { default_segment_number: 0, flush_interval_sec: 5 },
        metadata: this.params.metadata ?? null,
      },
      payload_schema,
    };
  }

  private rank(body: QueryBody): { point: StoredPoint; score: number }[] {
    const limit = body.limit ?? 10;
    const rrf = (body.query as { rrf?: { k?: number; weights?: number[] } } | undefined)?.rrf;
    if (rrf) {
      const fused = new Map<string, { point: StoredPoint; score: number }>();
      (body.prefetch ?? []).forEach((prefetch, i) => {
        this.rank(prefetch).forEach(({ point }, rank) => {
          const entry = fused.get(String(point.id)) ?? { point, score: 0 };
          entry.score += (rrf.weights?.[i] ?? 1) / ((rrf.k ?? 2) + rank);
          fused.set(String(point.id), entry);
        });
      });
      return [...fused.values()]
        .filter(({ point }) => matches(point, body.filter))
        .sort((x, y) => y.score - x.score)
        .slice(0, limit);
    }
    const using = body.using ?? '';
    const score = Array.isArray(body.query)
      ? (point: StoredPoint) => cosine(body.query as number[], point.vectors[using] as number[] | undefined)
      : this.sparseScorer(using, body.query as { indices: number[]; values: number[] });
    const hits: { point: StoredPoint; score: number }[] = [];
    for (const point of this.points.values()) {
      if (!matches(point, body.filter)) continue;
      const s = score(point);
      if (s !== null) hits.push({ point, score: s });
    }
    return hits.sort((x, y) => y.score - x.score).slice(0, limit);
  }

  /** Sparse dot product; points sharing no index are no hit. `idf` counts the whole collection. */
  private sparseScorer(
    using: string,
    query: { indices: number[]; values: number[] },
  ): (point: StoredPoint) => number | null {
    const weights = new Map(query.indices.map((index, i) => [index, query.values[i]!]));
    if (this.params.sparse_vectors?.[using]?.modifier === 'idf') {
      const vectors = [...this.points.values()].map((p) => p.vectors[using]).filter(isSparse);
      for (const [index, weight] of weights) {
        const df = vectors.filter((v) => v.indices.includes(index)).length;
        weights.set(index, weight * idf(df, vectors.length));
      }
    }
    return (point) => {
      const vector = point.vectors[using];
      if (!isSparse(vector)) return null;
      let score = 0;
      let shared = false;
      vector.indices.forEach((index, i) => {
        const weight = weights.get(index);
        if (weight === undefined) return;
        shared = true;
        score += weight * vector.values[i]!;
      });
      return shared ? score : null;
    };
  }
}

function isSparse(vector: unknown): vector is { indices: number[]; values: number[] } {
  return !!vector && !Array.isArray(vector) && Array.isArray((vector as { indices?: unknown }).indices);
}

function cosine(a: number[], b: number[] | undefined): number | null {
  if (!b) return null;
  let dot = 0;
  let na = 0;
  let nb = 0;
  a.forEach((x, i) => {
    dot += x * b[i]!;
    na += x * x;
    nb += b[i]! * b[i]!;
  });
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

function pick(payload: Payload, fields: boolean | string[]): Payload | null {
  if (fields === false) return null;
  if (fields === true) return payload;
  return Object.fromEntries(fields.filter((f) => f in payload).map((f) => [f, payload[f]]));
}

function matches(point: StoredPoint, filter: Filter | null | undefined): boolean {
  if (!filter) return true;
  const list = (c: unknown) => (c == null ? [] : Array.isArray(c) ? c : [c]) as Schemas['Condition'][];
  const must = list(filter.must);
  const should = list(filter.should);
  const mustNot = list(filter.must_not);
  return (
    must.every((c) => condition(point, c)) &&
    (!should.length || should.some((c) => condition(point, c))) &&
    !mustNot.some((c) => condition(point, c))
  );
}

function condition(point: StoredPoint, c: Schemas['Condition']): boolean {
  if ('has_id' in c) return c.has_id.map(String).includes(String(point.id));
  if ('must' in c || 'should' in c || 'must_not' in c) return matches(point, c as Filter);
  if (!('key' in c) || !('match' in c) || !c.match)
    throw new Error(`condition not emulated: ${JSON.stringify(c)}`);
  const stored = point.payload[c.key];
  const values = (Array.isArray(stored) ? stored : [stored]).filter((v) => v !== undefined && v !== null);
  const match = c.match as { value?: unknown; any?: unknown[] };
  if ('value' in match) return values.includes(match.value);
  if (match.any) return values.some((v) => match.any!.includes(v));
  throw new Error(`match not emulated: ${JSON.stringify(c.match)}`);
}
