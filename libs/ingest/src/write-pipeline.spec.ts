import { WritePipeline } from './write-pipeline';

/** A write the test settles by hand, so ordering never depends on the machine's speed. */
function manualWrites() {
  const started: string[][] = [];
  const settle: (() => void)[] = [];
  const write = (batch: { id: string; n: number }[]) => {
    started.push(batch.map((b) => b.id));
    return new Promise<void>((resolve) => settle.push(resolve));
  };
  return { started, settle, write };
}

const item = (id: string, n = 1) => ({ id, n });

describe('WritePipeline', () => {
  it('prepares the next batch while one write is in flight, and starts it only after', async () => {
    const { started, settle, write } = manualWrites();
    const pipeline = new WritePipeline({ write, key: (i) => i.id, size: (i) => i.n, batchSize: 2 });
    await pipeline.add(item('a'));
    await pipeline.add(item('b'));
    expect(started).toEqual([['a', 'b']]);
    await pipeline.add(item('c'));
    let added = false;
    const full = pipeline.add(item('d')).then(() => (added = true));
    await Promise.resolve();
    expect(added).toBe(false);
    expect(started).toHaveLength(1);
    settle[0]!();
    await full;
    expect(started).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    settle[1]!();
    await pipeline.drain();
    expect(started).toHaveLength(2);
  });

  it('puts a second item with the same key into a later batch, so it is written after the first', async () => {
    const batches: string[][] = [];
    const pipeline = new WritePipeline<{ id: string; n: number }>({
      write: async (batch) => void batches.push(batch.map((b) => `${b.id}${b.n}`)),
      key: (i) => i.id,
      size: () => 1,
      batchSize: 10,
    });
    for (const i of [item('a', 1), item('b', 1), item('a', 2), item('c', 1)]) await pipeline.add(i);
    await pipeline.drain();
    expect(batches).toEqual([
      ['a1', 'b1'],
      ['a2', 'c1'],
    ]);
  });

  it('rejects drain with the error of a failed write', async () => {
    const pipeline = new WritePipeline<{ id: string; n: number }>({
      write: async () => {
        throw new Error('redis down');
      },
      key: (i) => i.id,
      size: () => 1,
      batchSize: 1,
    });
    await pipeline.add(item('a'));
    await expect(pipeline.drain()).rejects.toThrow('redis down');
  });
});
