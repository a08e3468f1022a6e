import type { Hit, ResultRow } from './embedded-hits';
import { BM25_B, BM25_K1, keywordTermIds, type SparseVector } from '@docqa/retrieval';
import { VectorColumns } from './vector-columns';
import { BestRows } from './best-rows';

/** A row of the table as the mirror takes it in. */
export interface MirrorRow {
  rowId: bigint;
  tenant: string;
  searchText: string;
  vector: ArrayLike<number>;
  /** What a search returns of it. */
  result: ResultRow;
}

/** Slots the mirror's arrays start with; each growth doubles them. */
const FIRST_SLOTS = 1_024;
/**
 * The share of the slots a keyword query's postings must reach for its scores to be read slot by
 * slot rather than through the list of rows it touched.
 */
const DENSE_SHARE = 0.25;
/** The tenant code of a removed row's slot. */
const DEAD = 0xffff;

/** One term's postings: the slots of the rows holding it and how often each holds it. */
interface Postings {
  slots: Int32Array;
  counts: Uint16Array;
  size: number;
}

/**
 * An in-memory copy of what the embedded store's searches rank by and return, for every row of one
 * version of its table: each row's tenant, its keyword terms (postings with their counts, and its
 * length), its vector (int8, see {@link VectorColumns}) and its result fields. LanceDB's
 * full-text and vector queries cost 2.5 to 5 ms each at 100,000 rows, and reading the passages of
 * the rows they rank by row id 1 to 2 ms more; ranking here costs about 1 ms (docs/benchmarks.md,
 * "Search speed").
 *
 * Rows are only added and removed (a row of the table never changes): a removed row's slot stays,
 * marked dead, until the mirror is built afresh.
 */
export class SearchMirror {
  /** The table version the mirror holds. */
  version = -1;
  /** Each slot's row id, as a number (LanceDB's are a fragment id × 2³² + an offset). */
  private rowIds = new Float64Array(FIRST_SLOTS);
  private readonly slots = new Map<number, number>();
  /** Tenant codes from 1; a removed row's slot has {@link DEAD}, which no search allows. */
  private readonly tenantCodes = new Map<string, number>();
  private tenants = new Uint16Array(FIRST_SLOTS);
  private lengths = new Uint32Array(FIRST_SLOTS);
  private readonly results: (ResultRow | null)[] = [];
  private size = 0;
  private readonly postings = new Map<number, Postings>();
  private vectors: VectorColumns | null = null;
  /** Rows the first vectors' memory is made for (it doubles when full). */
  private readonly expected: number;
  private deadRows = 0;
  /** Keyword scores of the rows a query touches, and which they are (scratch, zeroed after each query). */
  private scores = new Float64Array(FIRST_SLOTS);
  private touched = new Int32Array(FIRST_SLOTS);
  /** Each slot's BM25 length normalisation, for the average length {@link normsFor} was computed for. */
  private norms = new Float64Array(0);
  private normsFor = { average: NaN, size: 0 };

  /** A mirror that expects about `rows` rows (its memory doubles as they come past). */
  constructor(rows = 0) {
    this.expected = rows;
  }

  /** Rows held (alive). */
  get rows(): number {
    return this.size - this.deadRows;
  }

  /** Rows removed since the mirror was built. */
  get dead(): number {
    return this.deadRows;
  }

  /** Whether the mirror holds the row of `rowId` (as a number, see {@link rowNumber}). */
  has(rowId: number): boolean {
    return this.slots.has(rowId);
  }

  /** Every row id held, as numbers. */
  heldRowIds(): IterableIterator<number> {
    return this.slots.keys();
  }

  /** Adds rows (one the mirror holds already is left as it is). */
  add(rows: MirrorRow[]): void {
    rows = rows.filter((row) => !this.slots.has(rowNumber(row.rowId)));
    if (!rows.length) return;
    this.vectors ??= new VectorColumns(rows[0]!.vector.length, this.expected);
    const first = this.vectors.add(rows.map((row) => row.vector));
    if (first !== this.size) throw new Error('the mirror’s vectors and rows disagree');
    while (this.size + rows.length > this.tenants.length) this.growSlots();
    rows.forEach((row, i) => this.addRow(row, first + i));
    this.size += rows.length;
  }

  private addRow(row: MirrorRow, slot: number): void {
    const id = rowNumber(row.rowId);
    this.rowIds[slot] = id;
    this.slots.set(id, slot);
    let tenant = this.tenantCodes.get(row.tenant);
    if (tenant === undefined) this.tenantCodes.set(row.tenant, (tenant = this.tenantCodes.size + 1));
    if (tenant === DEAD) throw new Error(`a mirror holds at most ${DEAD - 1} tenants`);
    this.tenants[slot] = tenant;
    this.results[slot] = row.result;
    // Each distinct term once, with its count: the runs of the sorted terms.
    const terms = Uint32Array.from(keywordTermIds(row.searchText)).sort();
    this.lengths[slot] = terms.length;
    for (let start = 0, end = 1; start < terms.length; start = end++) {
      while (end < terms.length && terms[end] === terms[start]) end++;
      this.post(terms[start]!, slot, end - start);
    }
  }

  remove(id: number): void {
    const slot = this.slots.get(id);
    if (slot === undefined) return;
    this.slots.delete(id);
    this.tenants[slot] = DEAD;
    this.results[slot] = null;
    this.deadRows++;
  }

  /**
   * The `limit` best rows of `tenants` by BM25 with the query's `weights` (IDF per term id, see
   * `queryWeights`) and `averageTerms`: what scoring their search texts gives (`keywordScore`).
   * Rows holding none of the terms are left out.
   *
   * Every posting of the terms adds to its row's score, whatever the row's tenant: a row's tenant
   * is read only when its score would rank. A query whose terms hold many postings (five words of
   * the bench's queries: about 190,000 at 300,000 chunks, most of them of their commonest words)
   * then finds its best rows in one pass over every slot's score; a rarer one keeps the list of
   * the rows it touched. MaxScore's pruning of the commonest terms, tried on those queries, left
   * 38,000 rows a search had to look those terms up for, and took twice as long.
   */
  keyword(tenants: string[], weights: SparseVector, averageTerms: number, limit: number): Hit[] {
    const allowed = this.tenantMask(tenants);
    const norms = this.lengthNorms(averageTerms);
    const { scores, touched } = this;
    const terms = weights.indices.flatMap((id, t) => {
      const postings = this.postings.get(id);
      // BM25: weight × tf × (k1 + 1) / (tf + k1 × (1 − b + b × length / average)).
      return postings ? [{ postings, weight: weights.values[t]! * (BM25_K1 + 1) }] : [];
    });
    const dense = terms.reduce((sum, { postings }) => sum + postings.size, 0) >= this.size * DENSE_SHARE;
    let count = 0;
    for (const { postings, weight } of terms) {
      const { slots, counts, size } = postings;
      if (dense)
        for (let p = 0; p < size; p++) {
          const slot = slots[p]!;
          const tf = counts[p]!;
          scores[slot] = scores[slot]! + (weight * tf) / (tf + norms[slot]!);
        }
      else
        for (let p = 0; p < size; p++) {
          const slot = slots[p]!;
          const tf = counts[p]!;
          const score = scores[slot]!;
          if (score === 0) touched[count++] = slot;
          scores[slot] = score + (weight * tf) / (tf + norms[slot]!);
        }
    }
    const best = new BestRows(limit);
    const rowTenants = this.tenants;
    // Rows holding no term score 0, and are passed over with those below the `limit`th best so far.
    let floor = Math.max(0, best.floor);
    if (dense) {
      for (let slot = 0; slot < this.size; slot++) {
        const score = scores[slot]!;
        if (score <= floor || !allowed[rowTenants[slot]!]) continue;
        best.offer(slot, score);
        floor = Math.max(0, best.floor);
      }
      scores.fill(0, 0, this.size);
    } else
      for (let i = 0; i < count; i++) {
        const slot = touched[i]!;
        const score = scores[slot]!;
        scores[slot] = 0;
        if (score <= floor || !allowed[rowTenants[slot]!]) continue;
        best.offer(slot, score);
        floor = Math.max(0, best.floor);
      }
    return this.hits(best);
  }

  /**
   * The `limit` rows of `tenants` nearest `vector` by cosine, approximately (int8 vectors, see
   * {@link VectorColumns}): scores within about 0.01 of the exact ones.
   */
  semantic(tenants: string[], vector: ArrayLike<number>, limit: number): Hit[] {
    if (!this.vectors || vector.length !== this.vectors.dimensions) return [];
    const allowed = this.tenantMask(tenants);
    const { dot, factor, queryFactor } = this.vectors.score(vector);
    const best = new BestRows(limit);
    // Most rows score below the `limit`th best so far: those are passed over before their tenant is read.
    let floor = best.floor;
    for (let slot = 0; slot < dot.length; slot++) {
      const score = dot[slot]! * factor[slot]! * queryFactor;
      if (score <= floor || !allowed[this.tenants[slot]!]) continue;
      best.offer(slot, score);
      floor = best.floor;
    }
    return this.hits(best);
  }

  private hits(best: BestRows): Hit[] {
    return best.rows().map(({ slot, score }) => ({
      rowId: BigInt(this.rowIds[slot]!),
      score,
      row: this.results[slot]!,
    }));
  }

  /** Each slot's k1 × (1 − b + b × length / `average`), computed again when the average or the rows change. */
  private lengthNorms(average: number): Float64Array {
    if (this.normsFor.average !== average || this.normsFor.size !== this.size) {
      if (this.norms.length < this.size) this.norms = new Float64Array(this.tenants.length);
      for (let slot = 0; slot < this.size; slot++)
        this.norms[slot] = BM25_K1 * (1 - BM25_B + (BM25_B * this.lengths[slot]!) / average);
      this.normsFor = { average, size: this.size };
    }
    return this.norms;
  }

  /** Which tenant codes a query searches (1) or not (0). */
  private tenantMask(tenants: string[]): Uint8Array {
    const mask = new Uint8Array(DEAD + 1);
    for (const tenant of tenants) {
      const code = this.tenantCodes.get(tenant);
      if (code !== undefined) mask[code] = 1;
    }
    return mask;
  }

  private post(term: number, slot: number, count: number): void {
    let postings = this.postings.get(term);
    if (!postings)
      this.postings.set(term, (postings = { slots: new Int32Array(4), counts: new Uint16Array(4), size: 0 }));
    if (postings.size === postings.slots.length) {
      postings.slots = grown(postings.slots, postings.size * 2);
      postings.counts = grown(postings.counts, postings.size * 2);
    }
    postings.slots[postings.size] = slot;
    postings.counts[postings.size] = Math.min(count, 0xffff);
    postings.size++;
  }

  private growSlots(): void {
    const size = this.tenants.length * 2;
    this.rowIds = grown(this.rowIds, size);
    this.tenants = grown(this.tenants, size);
    this.lengths = grown(this.lengths, size);
    this.scores = grown(this.scores, size);
    this.touched = grown(this.touched, size);
  }
}

/**
 * A LanceDB row id as a number (a fragment id × 2³² + an offset: exact below 2⁵³, two million
 * fragments); a larger one is refused, and the mirror is then not used.
 */
export function rowNumber(rowId: bigint): number {
  const id = Number(rowId);
  if (!Number.isSafeInteger(id)) throw new Error(`row id ${rowId} is past what the search mirror holds`);
  return id;
}

function grown<T extends Int32Array | Uint16Array | Uint32Array | Uint8Array | Float64Array>(
  array: T,
  size: number,
): T {
  const bigger = new (array.constructor as new (size: number) => T)(size);
  bigger.set(array);
  return bigger;
}
