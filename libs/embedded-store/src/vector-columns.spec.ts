import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import createWabt from 'wabt';
import { quantise, VectorColumns } from './vector-columns';

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

describe('VectorColumns', () => {
  it('holds the kernel compiled from vector-kernel.wat (UPDATE_VECTOR_KERNEL=1 writes it)', async () => {
    const wabt = await createWabt();
    const module = wabt.parseWat(
      'vector-kernel.wat',
      readFileSync(join(__dirname, 'vector-kernel.wat'), 'utf8'),
      { simd: true },
    );
    module.validate();
    const bytes = Buffer.from(module.toBinary({}).buffer).toString('base64');
    module.destroy();
    const file = join(__dirname, 'vector-kernel.ts');
    const generated =
      '// Generated from vector-kernel.wat by `UPDATE_VECTOR_KERNEL=1 npx jest vector-columns`: do not edit.\n\n' +
      "/** The vector kernel's WebAssembly module (see vector-kernel.wat), base64. */\n" +
      `export const VECTOR_KERNEL_WASM = '${bytes}';\n`;
    if (process.env.UPDATE_VECTOR_KERNEL === '1') writeFileSync(file, generated);
    expect(readFileSync(file, 'utf8')).toBe(generated);
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
      const { dot, factor, queryFactor } = columns.score(query);
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
    const { dot, factor, queryFactor } = columns.score([1, 1, 0, 0]);
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
      const { dot } = columns.score(query);
      const q = quantise(query).values;
      rows.forEach((row, i) => {
        const values = quantise(row).values;
        expect(dot[i]).toBe(values.reduce((sum, v, d) => sum + v * q[d]!, 0));
      });
    }
  });
});
