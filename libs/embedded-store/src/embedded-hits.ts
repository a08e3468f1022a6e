import type { SearchResult } from '@docqa/contracts';
import {
  filterFields,
  passesQuery,
  postFiltered,
  type SearchTextFields,
  type StoreQuery,
} from '@docqa/retrieval';

/**
 * The fields a search reads back, in the order a row's `result` list holds them: everything but
 * the tenant, the search text and the vector.
 */
export const RESULT_FIELDS = [
  'chunk_id',
  'document_id',
  'title',
  'url',
  'heading',
  'text',
  'metadata',
] as const satisfies readonly (keyof ResultRow)[];

type ResultField = (typeof RESULT_FIELDS)[number];
/** Where each field sits in the `result` list. */
const FIELD_INDEX = Object.fromEntries(RESULT_FIELDS.map((field, i) => [field, i])) as Record<
  ResultField,
  number
>;

/** The result fields of a row of the embedded store's table (`url` '' when none, `metadata` JSON). */
export interface ResultRow {
  chunk_id: string;
  document_id: string;
  title: string;
  url: string;
  heading: string;
  text: string;
  metadata: string;
}

/** A row a search ranked: its row id, its score and its result fields. */
export interface Hit {
  rowId: bigint;
  score: number;
  row: ResultRow;
}

/**
 * A ranked row whose result fields may be unread (null): a ranking can leave them to be read once
 * the results are chosen.
 */
export type RankedHit = Omit<Hit, 'row'> & {
  row: ResultRow | null;
  /** The hit's document, known before its row is read: its id, or the search mirror's code for it. */
  document?: string | number;
};

/** The `result` list column as LanceDB returns it (an Arrow vector of strings). */
export interface ResultList {
  get(index: number): string | null;
}

/**
 * A row's result fields, each decoded from its `result` list when first read: a search re-scores
 * the passages of its keyword candidates and returns the fields of the rows it keeps, and
 * decoding all seven fields of 150 candidates took 0.95 ms of JavaScript.
 */
class ResultListRow implements ResultRow {
  private readonly values: (string | undefined)[] = [];

  constructor(private readonly list: ResultList) {}

  get chunk_id(): string {
    return this.field('chunk_id');
  }
  get document_id(): string {
    return this.field('document_id');
  }
  get title(): string {
    return this.field('title');
  }
  get url(): string {
    return this.field('url');
  }
  get heading(): string {
    return this.field('heading');
  }
  get text(): string {
    return this.field('text');
  }
  get metadata(): string {
    return this.field('metadata');
  }

  private field(name: ResultField): string {
    const index = FIELD_INDEX[name];
    return (this.values[index] ??= this.list.get(index) ?? '');
  }
}

/** A row's result fields, all read from its `result` list now (nothing of the list is kept). */
export function plainResultRow(list: ResultList): ResultRow {
  return Object.fromEntries(
    RESULT_FIELDS.map((field, i) => [field, list.get(i) ?? '']),
  ) as unknown as ResultRow;
}

/** A row's result fields, read from its `result` list as they are used. */
export function resultRow(list: ResultList): ResultRow {
  return new ResultListRow(list);
}

/** The hits whose rows pass the query's version and metadata filters (all of them when it has none). */
export function passingFilters(hits: Hit[], query: StoreQuery): Hit[] {
  if (!postFiltered(query)) return hits;
  return hits.filter((hit) => passesQuery(filterFields(metadataOf(hit.row)), query));
}

/** A hit as a search result. */
export function toResult(hit: Hit): SearchResult {
  const { row } = hit;
  return {
    document_id: row.document_id,
    chunk_id: row.chunk_id,
    title: row.title,
    url: row.url || null,
    ...(row.heading && { section: row.heading }),
    text: row.text,
    score: hit.score,
    metadata: JSON.parse(row.metadata) as Record<string, unknown>,
  };
}

function metadataOf(row: ResultRow) {
  return {
    document_id: row.document_id,
    title: row.title,
    url: row.url,
    metadata: JSON.parse(row.metadata) as Record<string, unknown>,
  };
}

/** What a row's search text was made of (see `searchText`), its metadata read from JSON. */
export function rowFields(row: ResultRow): SearchTextFields {
  const { chunk_id, title, heading, text } = row;
  return { chunk_id, title, heading, text, metadata: JSON.parse(row.metadata) as Record<string, unknown> };
}
