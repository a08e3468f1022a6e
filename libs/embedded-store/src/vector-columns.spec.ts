import { int8Cosine, quantise, VectorColumns, type RowScores } from './vector-columns';
import { expectCompiledKernel } from './testing/kernel-module';

/** A deterministic pseudo-random generator. */
function rng(seed: number): () => number {
  return () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

/** `n` random vectors of `dimensions`, about a third of their values zero, as embeddings are. */
function vectors(n: number, dimensions: number, random = rng(1)): number[][] {
  return Array.from({ length: n }, () =>
    Array.from({ length: dimensions }, () => (random() < 0.33 ? 0 : random() * 2 - 1)),
  );
}

function cosine(x: number[], y: number[]): number {
  let dot = 0;
  let xx = 0;
  let yy = 0;
  x.forEach((v, i) => {
    dot += v * y[i]!;
    xx += v * v;
    yy += y[i]! * y[i]!;
  });
  return dot / Math.sqrt(xx * yy);
}

/** A query's scores of every row, the blocks' one after another, and the blocks' groups' maxima. */
function flat({ blocks, queryFactor }: RowScores) {
  const rows = blocks.reduce((sum, block) => sum + block.size, 0);
  const dot = new Int32Array(rows);
  const factor = new Float32Array(rows);
  for (const block of blocks) {
    dot.set(block.dot.subarray(0, block.size), block.first);
    factor.set(block.factor.subarray(0, block.size), block.first);
  }
  const maxima = blocks.flatMap((block) => [...block.maxima.subarray(0, Math.ceil(block.size / 256))]);
  return { dot, factor, queryFactor, maxima };
}

describe('VectorColumns', () => {
  it('holds the kernel compiled from vector-kernel.wat (UPDATE_VECTOR_KERNEL=1 writes it)', async () => {
    await expectCompiledKernel(
      'vector-kernel',
      'VECTOR_KERNEL_WASM',
      "The vector kernel's",
      'UPDATE_VECTOR_KERNEL',
      'vector-columns',
    );
  });

  it('scores every row within 0.02 of its cosine with the query, across growths of its memory', () => {
    const dimensions = 64;
    // More rows than the first capacity (1,024), and not a multiple of 16.
    const rows = vectors(2_500, dimensions);
    const columns = new VectorColumns(dimensions);
    // Added in batches of 700, each past a growth but the last.
    for (let first = 0; first < rows.length; first += 700)
      expect(columns.add(rows.slice(first, first + 700))).toBe(first);
    expect(columns.size).toBe(2_500);
    for (const query of vectors(5, dimensions, rng(2))) {
      const { dot, factor, queryFactor } = flat(columns.score(query));
      expect(dot).toHaveLength(2_500);
      const errors = rows.map((row, i) => Math.abs(dot[i]! * factor[i]! * queryFactor - cosine(query, row)));
      expect(Math.max(...errors)).toBeLessThan(0.02);
    }
  });

  it('scores a zero vector and a zero query 0, and refuses vectors of another size', () => {
    const columns = new VectorColumns(4);
    columns.add([
      [0, 0, 0, 0],
      [1, 0, 0, 0],
    ]);
    const { dot, factor, queryFactor } = flat(columns.score([1, 1, 0, 0]));
    expect([dot[0]! * factor[0]! * queryFactor, dot[1]! * factor[1]! * queryFactor]).toEqual([
      0,
      expect.closeTo(Math.SQRT1_2, 2),
    ]);
    expect(columns.score([0, 0, 0, 0]).queryFactor).toBe(0);
    expect(() => columns.add([[1, 2]])).toThrow('a vector of 2 dimensions among vectors of 4');
    expect(() => columns.score([1, 2])).toThrow('a query of 2 dimensions for vectors of 4');
  });

  it('gives each row its exact int8 dot product, with values at ±127 and an odd number of query dimensions', () => {
    const dimensions = 9;
    const random = rng(3);
    // Values of ±1 quantise to ±127: two columns' products sum to ±32,258, the most an i16 holds here.
    const rows = Array.from({ length: 40 }, (_, r) =>
      Array.from({ length: dimensions }, () => (r < 20 ? (random() < 0.5 ? -1 : 1) : random() * 2 - 1)),
    );
    const columns = new VectorColumns(dimensions);
    columns.add(rows);
    for (const query of [
      [1, 1, 1, 1, 1, 1, 1, 1, 1],
      [-1, 1, 0, -1, 1, 0, -1, 1, 0],
      [0, 0, 0, 0, 0.5, 0, 0, 0, 0],
    ]) {
      const { dot } = flat(columns.score(query));
      const q = quantise(query).values;
      rows.forEach((row, i) => {
        const values = quantise(row).values;
        expect(dot[i]).toBe(values.reduce((sum, v, d) => sum + v * q[d]!, 0));
      });
    }
  });

  it('gives each group of 256 rows its best dot × factor, as an f32', () => {
    const dimensions = 24;
    const rows = vectors(1_000, dimensions, rng(4));
    const columns = new VectorColumns(dimensions);
    columns.add(rows);
    for (const query of vectors(3, dimensions, rng(5))) {
      const { dot, factor, maxima } = flat(columns.score(query));
      expect(maxima).toHaveLength(4);
      maxima.forEach((max, g) => {
        const products = Array.from(dot.subarray(g * 256, g * 256 + 256), (d, i) =>
          Math.fround(d * factor[g * 256 + i]!),
        );
        expect(max).toBe(Math.max(...products));
      });
    }
  });

  it('finds the nearest rows a scan of every row finds, ties lower row first, of the rows it accepts', () => {
    const dimensions = 32;
    // 5,000 rows holding 300 distinct vectors in turn (as the bench's pool): scores tie across groups.
    const distinct = vectors(300, dimensions, rng(6));
    const rows = Array.from({ length: 5_000 }, (_, i) => distinct[(i * 7) % 300]!);
    const columns = new VectorColumns(dimensions);
    for (let first = 0; first < rows.length; first += 1_200) columns.add(rows.slice(first, first + 1_200));
    const accepts = (row: number) => row % 10 !== 9 && row % 13 !== 0;
    const queries = [...vectors(20, dimensions, rng(7)), distinct[5]!, new Array<number>(dimensions).fill(0)];
    for (const [q, query] of queries.entries()) {
      const limit = [1, 10, 20, 300][q % 4]!;
      // Fewer rows visible than held (rows staged since): they are left out.
      const visible = q % 3 ? rows.length : 4_321;
      const { dot, factor, queryFactor } = flat(columns.score(query));
      const scan = Array.from({ length: visible }, (_, row) => ({
        slot: row,
        score: dot[row]! * factor[row]! * queryFactor,
      }))
        .filter(({ slot }) => accepts(slot))
        .sort((x, y) => y.score - x.score || x.slot - y.slot)
        .slice(0, limit);
      expect(columns.nearest(query, limit, visible, accepts).rows()).toEqual(scan);
    }
  });

  it('reads more groups when the first ones hold too few rows it accepts', () => {
    const dimensions = 8;
    // 80 groups of 256 rows, one row in 50 accepted: the best 100 are spread over every group.
    const rows = vectors(20_480, dimensions, rng(8));
    const columns = new VectorColumns(dimensions);
    columns.add(rows);
    const accepts = (row: number) => row % 50 === 0;
    const query = vectors(1, dimensions, rng(9))[0]!;
    const { dot, factor, queryFactor } = flat(columns.score(query));
    const scan = Array.from({ length: rows.length }, (_, row) => ({
      slot: row,
      score: dot[row]! * factor[row]! * queryFactor,
    }))
      .filter(({ slot }) => accepts(slot))
      .sort((x, y) => y.score - x.score || x.slot - y.slot)
      .slice(0, 100);
    expect(columns.nearest(query, 100, rows.length, accepts).rows()).toEqual(scan);
  });

  it('reads every group holding copies of the best vectors past the first ones, ties by their keys', () => {
    const dimensions = 16;
    // 120 groups of 256 rows, 200 vectors in turn: each vector's 150 copies spread over 100 groups
    // or more, every one of which reaches the score the copies tie at.
    const distinct = vectors(200, dimensions, rng(14));
    const rows = Array.from({ length: 30_720 }, (_, i) => distinct[i % 200]!);
    const columns = new VectorColumns(dimensions);
    columns.add(rows);
    // Tie keys as row ids after a rebuild that read fragments out of order: not the slots' order.
    const ties = Float64Array.from(rows, (_, slot) => ((slot * 7_919) % rows.length) + 1);
    const tenants = [(row: number) => row % 10 !== 9, (row: number) => row % 1_000 === 3];
    const queries = [...vectors(6, dimensions, rng(15)), distinct[7]!, distinct[199]!];
    for (const [q, query] of queries.entries()) {
      const accepts = tenants[q % 2]!;
      const limit = [1, 20, 200][q % 3]!;
      const { dot, factor, queryFactor } = flat(columns.score(query));
      const scan = Array.from({ length: rows.length }, (_, row) => ({
        slot: row,
        score: dot[row]! * factor[row]! * queryFactor,
      }))
        .filter(({ slot }) => accepts(slot))
        .sort((x, y) => y.score - x.score || ties[x.slot]! - ties[y.slot]!)
        .slice(0, limit);
      expect(columns.nearest(query, limit, rows.length, accepts, ties).rows()).toEqual(scan);
    }
  });

  it('scores and ranks rows across blocks as each row alone gives, the memory growing a block at a time', () => {
    const dimensions = 8;
    // Blocks of 1,024, 2,048, 4,096, 8,192, then 16,384 rows; batches of 3,001 straddle edges.
    const rows = vectors(40_000, dimensions, rng(10));
    const quantised = rows.map(quantise);
    const columns = new VectorColumns(dimensions);
    const bytes: number[] = [];
    for (let first = 0; first < rows.length; first += 3_001) {
      expect(columns.add(rows.slice(first, first + 3_001))).toBe(first);
      bytes.push(columns.bytes);
    }
    // Each growth adds the new block's columns and scratch (9 bytes and 1/64 a row here), no more.
    const capacities = [1_024, 2_048, 4_096, 8_192, 16_384, 16_384];
    const held = capacities.reduce((sum, rows) => sum + rows * (dimensions + 8) + rows / 64, 0);
    expect(columns.bytes).toBeLessThanOrEqual(held + (dimensions + 8) * 8 + 65_536);
    expect(Math.max(...bytes.slice(1).map((b, i) => b - bytes[i]!))).toBeLessThan(
      2 * 16_384 * (dimensions + 9),
    );
    const accepts = (row: number) => row % 7 !== 3;
    for (const [q, query] of vectors(4, dimensions, rng(11)).entries()) {
      const { dot, factor, queryFactor } = flat(columns.score(query));
      const q8 = quantise(query);
      const exact = quantised.map((row) => row.values.reduce((sum, v, d) => sum + v * q8.values[d]!, 0));
      expect([...dot]).toEqual(exact);
      const scores = quantised.map((row) => int8Cosine(q8, row));
      expect(Array.from(dot, (d, i) => d * factor[i]! * queryFactor)).toEqual(scores);
      // Rows visible up to a block's edge, past it by part of a group, or all of them.
      const visible = [15_360, 31_800, 40_000, 1_100][q]!;
      const scan = quantised
        .slice(0, visible)
        .map((_, slot) => ({ slot, score: scores[slot]! }))
        .filter(({ slot }) => accepts(slot))
        .sort((x, y) => y.score - x.score || x.slot - y.slot)
        .slice(0, 25);
      expect(columns.nearest(query, 25, visible, accepts).rows()).toEqual(scan);
    }
  });

  it('makes its first block for the rows expected, and scores them as columns grown from none do', () => {
    const dimensions = 16;
    const rows = vectors(20_000, dimensions, rng(12));
    const expected = new VectorColumns(dimensions, 20_000);
    const grown = new VectorColumns(dimensions);
    expected.add(rows);
    for (let first = 0; first < rows.length; first += 999) grown.add(rows.slice(first, first + 999));
    // Two blocks of 16,384 rows against five of 1,024 to 16,384.
    expect(expected.score(rows[0]!).blocks.map((block) => block.size)).toEqual([16_384, 3_616]);
    expect(grown.score(rows[0]!).blocks.map((block) => block.size)).toEqual([
      1_024, 2_048, 4_096, 8_192, 4_640,
    ]);
    for (const query of vectors(3, dimensions, rng(13))) {
      expect(flat(expected.score(query))).toEqual(flat(grown.score(query)));
      expect(expected.nearest(query, 50, 20_000, () => true).rows()).toEqual(
        grown.nearest(query, 50, 20_000, () => true).rows(),
      );
    }
  });
});
