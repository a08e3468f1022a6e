import { TurnSharedReads } from './turn-shared-reads';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('TurnSharedReads', () => {
  it('shares one read of a key among the reads of one turn, and reads again in the next', async () => {
    const reads = new TurnSharedReads<number>();
    let loads = 0;
    const load = async () => ++loads;
    const first = [reads.read('a', load), reads.read('a', load), reads.read('b', load)];
    expect(await Promise.all(first)).toEqual([1, 1, 2]);
    await nextTurn();
    expect(await reads.read('a', load)).toBe(3);
    expect(loads).toBe(3);
  });

  it('gives a failed read to each that shared it, and does not keep the failure', async () => {
    const reads = new TurnSharedReads<string>();
    const failing = () => Promise.reject(new Error('Redis is gone'));
    const shared = [reads.read('k', failing), reads.read('k', failing)];
    for (const read of shared) await expect(read).rejects.toThrow('Redis is gone');
    await nextTurn();
    expect(await reads.read('k', async () => 'back')).toBe('back');
  });
});
