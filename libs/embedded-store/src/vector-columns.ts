import { BestRows } from './best-rows';
import { VECTOR_KERNEL_WASM } from './vector-kernel';
import { PAGE_BYTES, growMemory } from './wasm-memory';

/** Rows the kernel scores at a time (its v128 loads): capacities are a multiple of it. */
const ROW_ALIGN = 16;
/** Rows of a group, whose best score the kernel gives (see {@link VectorColumns.nearest}). */
const GROUP_ROWS = 256;
/** Query pairs the kernel reads at a time: those past the query's up to the next multiple are (0, 0). */
const PAIRS_ALIGN = 8;
/** Groups whose rows {@link VectorColumns.nearest} reads first (then those left that could still rank). */
const FIRST_GROUPS = 64;
/** A bound on an f32 product's relative rounding error (2⁻²⁴), with room. */
const F32_ROUNDING = 2 ** -22;
/** Rows of the first block of columns, unless more are expected; each next block twice as many. */
const FIRST_CAPACITY = 1_024;
/**
 * Most rows of a block of columns: 8 MB at 512 dimensions, the most a mirror holds unused; at
 * 1,000,000 rows 62 blocks, the kernel run once each per query.
 */
const BLOCK_ROWS = 16_384;
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

/** A block's part of a query's scores (see {@link RowScores}). */
export interface BlockScores {
  /** The block's first row: its row `i` is the table's row `first + i`. */
  first: number;
  /** Rows the block holds. */
  size: number;
  dot: Int32Array;
  factor: Float32Array;
  /** Per group of 256 of the block's rows: its largest `dot × factor`, rounded to f32. */
  maxima: Float32Array;
}

/**
 * A query scored against every row, block by block (see {@link VectorColumns}): row `first + i` of
 * a block has the approximate cosine `dot[i] × factor[i] × queryFactor`.
 */
export interface RowScores {
  blocks: BlockScores[];
  queryFactor: number;
}

/**
 * Rows of a block, in memory in order: its columns (`capacity` int8 each, one per dimension),
 * then its rows' factors (f32), the dot products' scratch (i32) and its groups' maxima (f32).
 */
interface Block {
  first: number;
  capacity: number;
  columnsAt: number;
  factorsAt: number;
  dotAt: number;
  maximaAt: number;
}

/**
 * The vectors of a table's rows as int8 in WebAssembly memory, in blocks of rows, each block one
 * column per dimension, scored against a query by the SIMD kernel of vector-kernel.wat. Each row
 * keeps its own scale (its largest magnitude is 127), so the int8 dot product, scaled back and
 * divided by the norms, is the cosine within about 0.01 (searches through LanceDB's index score
 * the rows it finds so too, see {@link int8Cosine}). A query reads only its non-zero dimensions'
 * columns, and a row's vector costs a byte per dimension (512 bytes for a local embedding, 51 MB
 * at 100,000 rows).
 *
 * Rows come in blocks of {@link BLOCK_ROWS} (the first ones of a mirror that starts small of
 * 1,024, 2,048 and so on), each with its own factors, scratch and groups' maxima: more rows add a
 * block at the memory's end, and nothing held moves. With one block whose columns moved apart at
 * each growth, a growth at 1,000,000 rows moved 500 MB and held the event loop seconds.
 */
export class VectorColumns {
  private rows = 0;
  private readonly memory: WebAssembly.Memory;
  private readonly kernel: Kernel;
  /** The query's (dimension, weight) pairs, at offset 0; the blocks follow. */
  private readonly queryAt = 0;
  private readonly blocks: Block[] = [];
  /** Each group of 256 rows' block, by the group's number (row `i` is in group `i >> 8`). */
  private readonly groupBlocks: number[] = [];
  /** Where the memory's next block goes. */
  private end: number;
  /** A batch's vectors as int8, row by row, before they are written column by column (scratch). */
  private quantised = new Int8Array(0);
  /** Views of the blocks' scores, made again once a block is added (growth detaches the buffer). */
  private views: { buffer: ArrayBuffer; blocks: BlockScores[] } | null = null;

  /** Columns of `dimensions`, their first block made for `rows` rows (more come in more blocks). */
  constructor(
    readonly dimensions: number,
    private readonly expected = 0,
  ) {
    this.end = (dimensions + PAIRS_ALIGN) * 8;
    this.memory = new WebAssembly.Memory({ initial: Math.ceil(this.end / PAGE_BYTES) });
    const instance = new WebAssembly.Instance(kernelModule, { docqa: { memory: this.memory } });
    this.kernel = instance.exports as unknown as Kernel;
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
    for (let done = 0; done < count;) {
      const block = this.blockAt(this.rows);
      const at = this.rows - block.first;
      const n = Math.min(count - done, block.capacity - at);
      if (this.quantised.length < n * dimensions) this.quantised = new Int8Array(n * dimensions);
      const quantised = this.quantised;
      const { buffer } = this.memory;
      const factors = new Float32Array(buffer, block.factorsAt, block.capacity);
      for (let r = 0; r < n; r++)
        factors[at + r] = quantiseInto(
          values,
          (done + r) * dimensions,
          dimensions,
          quantised,
          r * dimensions,
        );
      const columns = new Int8Array(buffer, block.columnsAt, dimensions * block.capacity);
      for (let d = 0; d < dimensions; d++) {
        const column = d * block.capacity + at;
        for (let r = 0; r < n; r++) columns[column + r] = quantised[r * dimensions + d]!;
      }
      this.rows += n;
      done += n;
    }
    return first;
  }

  /**
   * Every row's int8 dot product with `query`, block by block (the arrays are the store's until
   * the next call). Zero for a query with no non-zero value.
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
    const scores = this.blockViews();
    for (const [b, block] of this.blocks.entries()) {
      const n = Math.ceil(scores[b]!.size / ROW_ALIGN) * ROW_ALIGN;
      if (!n) continue;
      const { columnsAt, capacity, dotAt, factorsAt, maximaAt } = block;
      this.kernel.score(columnsAt, capacity, n, this.queryAt, nz, dotAt, factorsAt, maximaAt);
    }
    return { blocks: scores, queryFactor: factor };
  }

  /**
   * The `limit` best of the first `visible` rows by their approximate cosine with `query` (see
   * {@link score}) that `accepts` takes, as a full scan would give them: best first, equal scores
   * lower tie key first (each row's in `ties`; without it, the row itself).
   *
   * The kernel gives each group of 256 rows its best `dot × factor` (f32), so a bound on its rows'
   * scores: groups are read best bound first, and once a group's bound is below the `limit`th best
   * score found, no row of it or of any later group can rank (nor tie). A query's nearest rows so
   * cost reading a few groups' rows rather than every row's score (at 1,000,000 rows, 2 to 4 ms of
   * JavaScript). Groups whose rows `accepts` refuses (another tenant's) are read for nothing, so a
   * search of a small tenant can read more of them, at most all; so can copies of a vector (a
   * page's boilerplate), whose groups all reach the score they tie at.
   *
   * The best {@link FIRST_GROUPS} groups are picked first; when their rows are not enough, the
   * groups left whose bound reaches the `limit`th best score found then are sorted and read in
   * the same order. Picking 256, then 1,024, then 4,096 of every group instead, each insertion
   * into a sorted list, took 1.6 ms at 1,000,000 rows when 500 groups held copies of the best
   * vectors, 7.8 ms for a tenant of 1,000 rows.
   */
  nearest(
    query: ArrayLike<number>,
    limit: number,
    visible: number,
    accepts: (row: number) => boolean,
    ties?: ArrayLike<number>,
  ): BestRows {
    const { blocks, queryFactor } = this.score(query);
    const groups = Math.ceil(Math.min(visible, this.rows) / GROUP_ROWS);
    // Each group's bound on `dot × factor × queryFactor` (exact products in float64, as scored below).
    const bounds = new Float64Array(groups);
    for (const { first, maxima } of blocks)
      for (let j = 0, g = first / GROUP_ROWS; j < maxima.length && g < groups; j++, g++)
        bounds[g] = (maxima[j]! + Math.abs(maxima[j]!) * F32_ROUNDING) * queryFactor;
    const best = new BestRows(limit, ties);
    const firstGroups = new BestRows(Math.min(FIRST_GROUPS, groups));
    for (let g = 0; g < groups; g++) firstGroups.offer(g, bounds[g]!);
    const first = firstGroups.rows().map(({ slot }) => slot);
    const read = (order: number[]) =>
      this.readGroups(order, bounds, { blocks, queryFactor }, visible, accepts, best);
    if (!read(first) || first.length === groups) return best;
    // The floor only rises: a group below it now is never read. The rest, in the same order.
    const floor = best.floor;
    const taken = new Uint8Array(groups);
    for (const g of first) taken[g] = 1;
    const rest: number[] = [];
    for (let g = 0; g < groups; g++) if (!taken[g] && bounds[g]! >= floor) rest.push(g);
    read(rest.sort((x, y) => bounds[y]! - bounds[x]! || x - y));
    return best;
  }

  /**
   * Offers `best` the rows of the groups of `order` (best bound first) that `accepts` takes, up
   * to the first group whose bound is below its floor: false there, true after the last.
   */
  private readGroups(
    order: number[],
    bounds: Float64Array,
    { blocks, queryFactor }: RowScores,
    visible: number,
    accepts: (row: number) => boolean,
    best: BestRows,
  ): boolean {
    for (const group of order) {
      if (bounds[group]! < best.floor) return false;
      const { first, dot, factor } = blocks[this.groupBlocks[group]!]!;
      const end = Math.min(visible, (group + 1) * GROUP_ROWS);
      for (let row = group * GROUP_ROWS; row < end; row++) {
        const score = dot[row - first]! * factor[row - first]! * queryFactor;
        if (score >= best.floor && accepts(row)) best.offer(row, score);
      }
    }
    return true;
  }

  /** The block of row `row` (the next row at most), a new one at the memory's end if none is. */
  private blockAt(row: number): Block {
    const last = this.blocks.at(-1);
    if (last && row < last.first + last.capacity) return last;
    // The first block is made for the rows expected; then each twice the last, up to BLOCK_ROWS.
    const rows = last ? last.capacity * 2 : Math.max(this.expected, FIRST_CAPACITY);
    const capacity = Math.min(BLOCK_ROWS, Math.ceil(rows / GROUP_ROWS) * GROUP_ROWS);
    const columnsAt = this.end;
    const factorsAt = columnsAt + this.dimensions * capacity;
    const dotAt = factorsAt + capacity * 4;
    const maximaAt = dotAt + capacity * 4;
    this.end = maximaAt + (capacity / GROUP_ROWS) * 4;
    // The new pages (the block's factors past its last row, which the kernel reads up to a
    // multiple of 16 rows, included) are 0.
    growMemory(this.memory, this.end);
    const block = {
      first: last ? last.first + last.capacity : 0,
      capacity,
      columnsAt,
      factorsAt,
      dotAt,
      maximaAt,
    };
    this.blocks.push(block);
    for (let g = 0; g < capacity / GROUP_ROWS; g++) this.groupBlocks.push(this.blocks.length - 1);
    return block;
  }

  /** Views of each block's scores and factors over the memory's buffer, with its rows held. */
  private blockViews(): BlockScores[] {
    const { buffer } = this.memory;
    if (this.views?.buffer !== buffer || this.views.blocks.length !== this.blocks.length)
      this.views = {
        buffer,
        blocks: this.blocks.map(({ first, capacity, factorsAt, dotAt, maximaAt }) => ({
          first,
          size: 0,
          dot: new Int32Array(buffer, dotAt, capacity),
          factor: new Float32Array(buffer, factorsAt, capacity),
          maxima: new Float32Array(buffer, maximaAt, capacity / GROUP_ROWS),
        })),
      };
    for (const scores of this.views.blocks)
      scores.size = Math.max(0, Math.min(scores.dot.length, this.rows - scores.first));
    return this.views.blocks;
  }
}
