import { VECTOR_KERNEL_WASM } from './vector-kernel';

/** Rows the kernel scores at a time (its v128 loads): capacities are a multiple of it. */
const ROW_ALIGN = 16;
/** The first capacity, in rows; each growth doubles it. */
const FIRST_CAPACITY = 1_024;
const PAGE_BYTES = 65_536;
/** Largest magnitude of an int8 value. */
const INT8_MAX = 127;

interface Kernel {
  score(cols: number, stride: number, n: number, query: number, nz: number, acc: number): void;
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
  /** Byte offsets in memory: the query's (dimension, weight) pairs, the dot products, the columns. */
  private queryAt = 0;
  private dotAt = 0;
  private columnsAt = 0;
  /** Per row: its scale divided by its norm (0 for a zero vector). */
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

  /** Bytes held: the WebAssembly memory (columns, dot products, query) and the factors. */
  get bytes(): number {
    return this.memory.buffer.byteLength + this.factors.byteLength;
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
    const pairs = new Int32Array(this.memory.buffer, this.queryAt, this.dimensions * 2);
    let nz = 0;
    for (let d = 0; d < values.length; d++) {
      if (!values[d]) continue;
      pairs[nz * 2] = d;
      pairs[nz * 2 + 1] = values[d]!;
      nz++;
    }
    const n = Math.ceil(this.rows / ROW_ALIGN) * ROW_ALIGN;
    this.kernel.score(this.columnsAt, this.capacity, n, this.queryAt, nz, this.dotAt);
    return {
      dot: new Int32Array(this.memory.buffer, this.dotAt, this.rows),
      factor: this.factors,
      queryFactor: factor,
    };
  }

  /**
   * Makes room for `capacity` rows in the same memory, grown in place (V8 reserves a WebAssembly
   * memory's address space, so growing copies nothing): the columns move apart from the last one
   * down, each to its new offset, and the dot products' scratch goes after them. A copy into a new
   * memory would hold both at once: 1.5 GB for a moment at 1,000,000 rows.
   */
  private grow(capacity: number): void {
    capacity = Math.ceil(capacity / ROW_ALIGN) * ROW_ALIGN;
    const columnsAt = this.dimensions * 8;
    const dotAt = columnsAt + this.dimensions * capacity;
    const bytes = dotAt + capacity * 4;
    if (!this.capacity) {
      this.memory = new WebAssembly.Memory({ initial: Math.ceil(bytes / PAGE_BYTES) });
      const instance = new WebAssembly.Instance(kernelModule, { docqa: { memory: this.memory } });
      this.kernel = instance.exports as unknown as Kernel;
    } else {
      const pages = Math.ceil(bytes / PAGE_BYTES) - this.memory.buffer.byteLength / PAGE_BYTES;
      if (pages > 0) this.memory.grow(pages);
      const columns = new Int8Array(this.memory.buffer, columnsAt);
      for (let d = this.dimensions - 1; d > 0; d--)
        columns.copyWithin(d * capacity, d * this.capacity, d * this.capacity + this.rows);
    }
    const factors = new Float32Array(capacity);
    factors.set(this.factors.subarray(0, this.rows));
    this.capacity = capacity;
    this.queryAt = 0;
    this.dotAt = dotAt;
    this.columnsAt = columnsAt;
    this.factors = factors;
  }
}
