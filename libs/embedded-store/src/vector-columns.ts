import { BestRows } from './best-rows';
import { VECTOR_KERNEL_WASM } from './vector-kernel';

/** Rows the kernel scores at a time (its v128 loads): capacities are a multiple of it. */
const ROW_ALIGN = 16;
/** Rows of a group, whose best score the kernel gives (see {@link VectorColumns.nearest}). */
const GROUP_ROWS = 256;
/** Query pairs the kernel reads at a time: those past the query's up to the next multiple are (0, 0). */
const PAIRS_ALIGN = 8;
/** Groups whose rows {@link VectorColumns.nearest} reads first; four times as many each time more are needed. */
const FIRST_GROUPS = 64;
/** A bound on an f32 product's relative rounding error (2⁻²⁴), with room. */
const F32_ROUNDING = 2 ** -22;
/** The first capacity, in rows; each growth doubles it. */
const FIRST_CAPACITY = 1_024;
const PAGE_BYTES = 65_536;
/** Largest magnitude of an int8 value. */
const INT8_MAX = 127;

interface Kernel {
  score(
    cols: number,
    stride: number,
    n: number,
    query: number,
    nz: number,
    acc: number,
    factors: number,
    maxima: number,
  ): void;
}

const kernelModule = new WebAssembly.Module(Buffer.from(VECTOR_KERNEL_WASM, 'base64'));

/**
 * A vector as the mirror holds it: its values as int8 (the largest magnitude 127) and the factor
 * that turns an int8 dot product with it into a cosine (its scale over its norm; 0 for a zero
 * vector).
 */
export interface Int8Vector {
  values: Int8Array;
  factor: number;
}

/** `vector` as int8, as the mirror stores a row and reads a query. */
export function quantise(vector: ArrayLike<number>): Int8Vector {
  const values = new Int8Array(vector.length);
  return { values, factor: quantiseInto(vector, 0, vector.length, values, 0) };
}

/**
 * Values `from` to `from + dimensions` of `vector` as int8 into `out` from `at`; returns their
 * factor (see {@link Int8Vector}).
 */
function quantiseInto(
  vector: ArrayLike<number>,
  from: number,
  dimensions: number,
  out: Int8Array,
  at: number,
): number {
  let max = 0;
  let norm = 0;
  for (let d = from; d < from + dimensions; d++) {
    const value = vector[d]!;
    max = Math.max(max, Math.abs(value));
    norm += value * value;
  }
  const scale = max / INT8_MAX;
  if (scale) for (let d = 0; d < dimensions; d++) out[at + d] = Math.round(vector[from + d]! / scale);
  else out.fill(0, at, at + dimensions);
  return norm ? scale / Math.sqrt(norm) : 0;
}

/**
 * The cosine of a row and a query as the mirror computes it, to the last digit: their int8 dot
 * product times the row's factor (kept as float32) times the query's. Searches through LanceDB's
 * index score the rows it finds so, and a search gives the same scores whichever way it ran.
 */
export function int8Cosine(query: Int8Vector, row: Int8Vector): number {
  let dot = 0;
  for (let d = 0; d < query.values.length; d++) dot += query.values[d]! * row.values[d]!;
  return dot * Math.fround(row.factor) * query.factor;
}

/** A query scored against every row: row `i`'s approximate cosine is `dot[i] × factor[i] × queryFactor`. */
export interface RowScores {
  dot: Int32Array;
  factor: Float32Array;
  queryFactor: number;
  /** Per group of 256 rows (row `i` is in group `i >> 8`): its largest `dot × factor`, rounded to f32. */
  maxima: Float32Array;
}

/**
 * The vectors of a table's rows as int8, one column per dimension, in WebAssembly memory, scored
 * against a query by the SIMD kernel of vector-kernel.wat. Each row keeps its own scale (its
 * largest magnitude is 127), so the int8 dot product, scaled back and divided by the norms, is the
 * cosine within about 0.01 (searches through LanceDB's index score the rows it finds so too, see
 * {@link int8Cosine}). A query reads
 * only its non-zero dimensions' columns, and a row's vector costs a byte per dimension (512 bytes
 * for a local embedding, 51 MB at 100,000 rows).
 */
export class VectorColumns {
  private capacity = 0;
  private rows = 0;
  private memory!: WebAssembly.Memory;
  private kernel!: Kernel;
  /**
   * Byte offsets in memory: the query's (dimension, weight) pairs, the factors, the dot products,
   * the groups' maxima, the columns (last: growing moves them alone).
   */
  private readonly queryAt = 0;
  private factorsAt = 0;
  private dotAt = 0;
  private maximaAt = 0;
  private columnsAt = 0;
  /** Per row: its scale divided by its norm (0 for a zero vector; rows past the last are 0). */
  private factors = new Float32Array(0);
  /** A batch's vectors as int8, row by row, before they are written column by column (scratch). */
  private quantised = new Int8Array(0);

  /** Columns of `dimensions`, their memory made for `rows` rows (more as they come). */
  constructor(
    readonly dimensions: number,
    rows = 0,
  ) {
    this.grow(Math.max(rows, FIRST_CAPACITY));
  }

  get size(): number {
    return this.rows;
  }

  /** Bytes held: the WebAssembly memory (columns, factors, dot products, groups' maxima, query). */
  get bytes(): number {
    return this.memory.buffer.byteLength;
  }

  /**
   * Appends vectors (of {@link dimensions} values each) as the next rows; returns the first's row
   * number. Each is quantised into a row first, then the rows are written column by column: writing
   * a vector's 512 bytes into 512 columns one at a time cost 40 ns a byte.
   */
  add(vectors: ArrayLike<number>[]): number {
    const flat = new Float64Array(vectors.length * this.dimensions);
    vectors.forEach((vector, r) => {
      if (vector.length !== this.dimensions)
        throw new Error(`a vector of ${vector.length} dimensions among vectors of ${this.dimensions}`);
      flat.set(vector, r * this.dimensions);
    });
    return this.addFlat(flat, vectors.length);
  }

  /** {@link add} of `count` vectors one after another in `values` (as Arrow holds a batch's). */
  addFlat(values: ArrayLike<number>, count: number): number {
    const first = this.rows;
    const dimensions = this.dimensions;
    if (values.length < count * dimensions)
      throw new Error(`${count} vectors of ${dimensions} dimensions expected`);
    // A quarter more at a time: a large mirror's next rows are an import's, not as many again.
    if (this.rows + count > this.capacity)
      this.grow(Math.max(this.rows + count, this.capacity + Math.ceil(this.capacity / 4)));
    if (this.quantised.length < count * dimensions) this.quantised = new Int8Array(count * dimensions);
    const quantised = this.quantised;
    for (let r = 0; r < count; r++)
      this.factors[first + r] = quantiseInto(values, r * dimensions, dimensions, quantised, r * dimensions);
    const columns = new Int8Array(this.memory.buffer, this.columnsAt);
    for (let d = 0; d < dimensions; d++) {
      const column = d * this.capacity + first;
      for (let r = 0; r < count; r++) columns[column + r] = quantised[r * dimensions + d]!;
    }
    this.rows += count;
    return first;
  }

  /**
   * Every row's int8 dot product with `query` (the arrays are the store's until the next call).
   * Zero for a query with no non-zero value.
   */
  score(query: ArrayLike<number>): RowScores {
    if (query.length !== this.dimensions)
      throw new Error(`a query of ${query.length} dimensions for vectors of ${this.dimensions}`);
    const { values, factor } = quantise(query);
    const pairs = new Int32Array(this.memory.buffer, this.queryAt, (this.dimensions + PAIRS_ALIGN) * 2);
    let nz = 0;
    for (let d = 0; d < values.length; d++) {
      if (!values[d]) continue;
      pairs[nz * 2] = d;
      pairs[nz * 2 + 1] = values[d]!;
      nz++;
    }
    pairs.fill(0, nz * 2);
    const n = Math.ceil(this.rows / ROW_ALIGN) * ROW_ALIGN;
    const { columnsAt, capacity, queryAt, dotAt, factorsAt, maximaAt } = this;
    this.kernel.score(columnsAt, capacity, n, queryAt, nz, dotAt, factorsAt, maximaAt);
    return {
      dot: new Int32Array(this.memory.buffer, dotAt, this.rows),
      factor: this.factors,
      queryFactor: factor,
      maxima: new Float32Array(this.memory.buffer, maximaAt, Math.ceil(this.rows / GROUP_ROWS)),
    };
  }

  /**
   * The `limit` best of the first `visible` rows by their approximate cosine with `query` (see
   * {@link score}) that `accepts` takes, as a full scan in row order would give them: best first,
   * equal scores lower row first.
   *
   * The kernel gives each group of 256 rows its best `dot × factor` (f32), so a bound on its rows'
   * scores: groups are read best bound first, and once a group's bound is below the `limit`th best
   * score found, no row of it or of any later group can rank (nor tie). A query's nearest rows so
   * cost reading a few groups' rows rather than every row's score (at 1,000,000 rows, 2 to 4 ms of
   * JavaScript). Groups whose rows `accepts` refuses (another tenant's) are read for nothing, so a
   * search of a small tenant can read more of them, at most all.
   */
  nearest(
    query: ArrayLike<number>,
    limit: number,
    visible: number,
    accepts: (row: number) => boolean,
  ): BestRows {
    const { dot, factor, queryFactor, maxima } = this.score(query);
    const groups = Math.ceil(Math.min(visible, this.rows) / GROUP_ROWS);
    // Each group's bound on `dot × factor × queryFactor` (exact products in float64, as scored below).
    const bounds = new Float64Array(groups);
    for (let g = 0; g < groups; g++)
      bounds[g] = (maxima[g]! + Math.abs(maxima[g]!) * F32_ROUNDING) * queryFactor;
    const best = new BestRows(limit);
    let read = 0;
    for (let wanted = FIRST_GROUPS; read < groups; wanted *= 4) {
      const order = new BestRows(Math.min(wanted, groups));
      for (let g = 0; g < groups; g++) order.offer(g, bounds[g]!);
      const ranked = order.rows();
      for (; read < ranked.length; read++) {
        const { slot: group, score: bound } = ranked[read]!;
        if (bound < best.floor) return best;
        const end = Math.min(visible, (group + 1) * GROUP_ROWS);
        for (let row = group * GROUP_ROWS; row < end; row++) {
          const score = dot[row]! * factor[row]! * queryFactor;
          if (score >= best.floor && accepts(row)) best.offer(row, score);
        }
      }
    }
    return best;
  }

  /**
   * Makes room for `capacity` rows in the same memory, grown in place (V8 reserves a WebAssembly
   * memory's address space, so growing copies nothing): the columns move apart from the last one
   * down, each to its new offset after the larger factors, dot products and groups' maxima. A copy
   * into a new memory would hold both at once: 1.5 GB for a moment at 1,000,000 rows.
   */
  private grow(capacity: number): void {
    capacity = Math.ceil(capacity / GROUP_ROWS) * GROUP_ROWS;
    const factorsAt = (this.dimensions + PAIRS_ALIGN) * 8;
    const dotAt = factorsAt + capacity * 4;
    const maximaAt = dotAt + capacity * 4;
    const columnsAt = maximaAt + (capacity / GROUP_ROWS) * 4;
    const bytes = columnsAt + this.dimensions * capacity;
    if (!this.capacity) {
      this.memory = new WebAssembly.Memory({ initial: Math.ceil(bytes / PAGE_BYTES) });
      const instance = new WebAssembly.Instance(kernelModule, { docqa: { memory: this.memory } });
      this.kernel = instance.exports as unknown as Kernel;
    } else {
      const pages = Math.ceil(bytes / PAGE_BYTES) - this.memory.buffer.byteLength / PAGE_BYTES;
      if (pages > 0) this.memory.grow(pages);
      const memory = new Int8Array(this.memory.buffer);
      for (let d = this.dimensions - 1; d >= 0; d--) {
        const from = this.columnsAt + d * this.capacity;
        memory.copyWithin(columnsAt + d * capacity, from, from + this.rows);
      }
    }
    // The factors stay where they are; those past the last row (which the kernel reads up to a
    // multiple of 16 rows) are 0, whatever the memory held there.
    const factors = new Float32Array(this.memory.buffer, factorsAt, capacity);
    factors.fill(0, this.rows);
    this.capacity = capacity;
    this.factorsAt = factorsAt;
    this.dotAt = dotAt;
    this.maximaAt = maximaAt;
    this.columnsAt = columnsAt;
    this.factors = factors;
  }
}
