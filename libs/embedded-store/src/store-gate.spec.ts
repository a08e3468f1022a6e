import { StoreGate } from './store-gate';

/** A promise the test settles when it chooses. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('StoreGate', () => {
  it('runs writes together', async () => {
    const gate = new StoreGate();
    const first = deferred();
    const events: string[] = [];
    const a = gate.write(async () => {
      events.push('a starts');
      await first.promise;
      events.push('a ends');
    });
    const b = gate.write(async () => {
      events.push('b starts');
    });
    await b;
    expect(events).toEqual(['a starts', 'b starts']);
    first.resolve();
    await a;
  });

  it('starts upkeep after the writes in progress and holds the writes that come meanwhile', async () => {
    const gate = new StoreGate();
    const writing = deferred();
    const upkeeping = deferred();
    const events: string[] = [];
    const write1 = gate.write(async () => {
      await writing.promise;
      events.push('write 1');
    });
    const upkeep = gate.alone(async () => {
      events.push('upkeep starts');
      await upkeeping.promise;
      events.push('upkeep ends');
    });
    const write2 = gate.write(async () => {
      events.push('write 2');
    });
    // Nothing moves while the first write is in progress.
    await Promise.resolve();
    expect(events).toEqual([]);
    writing.resolve();
    await write1;
    await new Promise((r) => setImmediate(r));
    expect(events).toEqual(['write 1', 'upkeep starts']);
    upkeeping.resolve();
    await Promise.all([upkeep, write2]);
    expect(events).toEqual(['write 1', 'upkeep starts', 'upkeep ends', 'write 2']);
  });

  it('lets writes go on after an upkeep that failed, and runs two upkeeps one after the other', async () => {
    const gate = new StoreGate();
    const events: string[] = [];
    const release = deferred();
    const first = gate.alone(async () => {
      events.push('upkeep 1');
      await release.promise;
      throw new Error('commit conflict');
    });
    const second = gate.alone(async () => {
      events.push('upkeep 2');
    });
    const write = gate.write(async () => {
      events.push('write');
    });
    await new Promise((r) => setImmediate(r));
    expect(events).toEqual(['upkeep 1']);
    release.resolve();
    await expect(first).rejects.toThrow('commit conflict');
    await Promise.all([second, write]);
    expect(events).toEqual(['upkeep 1', 'upkeep 2', 'write']);
  });

  it('is idle once the upkeep running and the one waiting behind it have ended, even when one fails', async () => {
    const gate = new StoreGate();
    const first = deferred();
    const events: string[] = [];
    const a = gate.alone(async () => {
      await first.promise;
      events.push('a ends');
      throw new Error('commit conflict');
    });
    const b = gate.alone(async () => {
      events.push('b ends');
    });
    const idle = gate.idle().then(() => events.push('idle'));
    first.resolve();
    await expect(a).rejects.toThrow('commit conflict');
    await Promise.all([b, idle]);
    expect(events).toEqual(['a ends', 'b ends', 'idle']);
    expect(gate.upkeepRunning).toBe(false);
  });

  it('skips a write an upkeep makes needless while one runs, and holds the next upkeep for one in progress', async () => {
    const gate = new StoreGate();
    const building = deferred();
    const upkeeping = deferred();
    const events: string[] = [];
    const build = gate.unlessUpkeep(async () => {
      await building.promise;
      events.push('index built');
      return 'built';
    }, 'skipped');
    const upkeep = gate.alone(async () => {
      events.push('upkeep starts');
      await upkeeping.promise;
    });
    await expect(gate.unlessUpkeep(async () => 'built', 'skipped')).resolves.toBe('skipped');
    await new Promise((r) => setImmediate(r));
    expect(events).toEqual([]);
    building.resolve();
    await expect(build).resolves.toBe('built');
    await new Promise((r) => setImmediate(r));
    expect(events).toEqual(['index built', 'upkeep starts']);
    upkeeping.resolve();
    await upkeep;
    await expect(gate.unlessUpkeep(async () => 'built', 'skipped')).resolves.toBe('built');
  });
});
