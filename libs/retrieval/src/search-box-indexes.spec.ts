import type { Chunk } from './chunk';
import { SearchBoxIndexes } from './search-box-indexes';

const chunk = (n: number): Chunk => ({
  tenant: 't',
  document_id: `d${n}`,
  chunk_id: `d${n}#1`,
  title: `Page ${n}`,
  url: `https://docs.test/d${n}`,
  heading: `Page ${n}`,
  text: 'Rotate a token.',
  metadata: {},
});

describe('SearchBoxIndexes', () => {
  it('builds a tenant’s index again only once its change mark moved, looked at after refreshMs', async () => {
    let now = 0;
    let mark = 'a';
    let reads = 0;
    const indexes = new SearchBoxIndexes({
      chunks: async function* () {
        reads++;
        yield chunk(reads);
      },
      changeMark: async () => mark,
      refreshMs: 1000,
      now: () => now,
    });
    const first = await indexes.built('t');
    expect(indexes.current('t')).toBe(first);
    now = 5000;
    expect(indexes.current('t')).toBe(first); // looks at the mark, which has not moved
    await new Promise((resolve) => setImmediate(resolve));
    expect(reads).toBe(1);
    mark = 'b';
    now = 5500;
    indexes.current('t'); // looked at less than refreshMs ago
    await new Promise((resolve) => setImmediate(resolve));
    expect(reads).toBe(1);
    now = 7000;
    indexes.current('t');
    // The build runs in the background, a turn of the event loop at a time.
    for (let turn = 0; turn < 100 && indexes.current('t') === first; turn++)
      await new Promise((resolve) => setImmediate(resolve));
    const second = indexes.current('t')!;
    expect(reads).toBe(2);
    expect(second).not.toBe(first);
    expect([second.generation, second.mark]).toEqual([2, 'b']);
  });
});
