import type { Redis } from 'ioredis';
import { startOwnRedis, type OwnRedis } from '@docqa/testing';
import { closeRedis, connectRedis } from './redis';

/** How many times Redis has read from its clients' sockets. */
async function socketReads(probe: Redis): Promise<number> {
  const info = await probe.info('stats');
  return Number(/^total_reads_processed:(\d+)/m.exec(info)![1]);
}

describe('a command connection that coalesces its writes', () => {
  // A private server: the shared one's counters move with every other test.
  let own: OwnRedis;
  let redis: Redis;
  let probe: Redis;

  beforeAll(async () => {
    own = await startOwnRedis();
    redis = await connectRedis(own.url, 'command', 'docqa-test', { coalesceWrites: true });
    probe = await connectRedis(own.url, 'command', 'docqa-probe');
  });
  afterAll(async () => {
    await closeRedis(redis);
    await closeRedis(probe);
    await own.stop();
  });

  it('sends the commands of one turn of the event loop in one write, in order', async () => {
    const before = await socketReads(probe);
    const counts = await Promise.all(Array.from({ length: 50 }, () => redis.incr('counter')));
    // The probe's own INFO is one read; the 50 commands came in one (two when split across turns).
    expect((await socketReads(probe)) - before).toBeLessThanOrEqual(3);
    expect(counts).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it('fails only the command that failed, not the others sent with it', async () => {
    await redis.hset('hash', 'field', 'value');
    const [ok, failed, after] = await Promise.allSettled([
      redis.incr('other'),
      redis.incr('hash'),
      redis.get('other'),
    ]);
    expect(ok).toEqual({ status: 'fulfilled', value: 1 });
    expect(failed.status).toBe('rejected');
    expect(after).toEqual({ status: 'fulfilled', value: '1' });
  });

  it('coalesces the writes of each new connection after a reconnection', async () => {
    await probe.client('KILL', 'TYPE', 'normal', 'SKIPME', 'yes');
    await new Promise((resolve) => redis.once('ready', resolve));
    const before = await socketReads(probe);
    await Promise.all(Array.from({ length: 20 }, () => redis.incr('again')));
    expect((await socketReads(probe)) - before).toBeLessThanOrEqual(3);
  });

  it('runs scripts defined on the connection', async () => {
    redis.defineCommand('twice', { numberOfKeys: 1, lua: "return redis.call('INCRBY', KEYS[1], 2)" });
    const twice = (redis as Redis & { twice(key: string): Promise<number> }).twice.bind(redis);
    expect(await Promise.all([twice('scripted'), twice('scripted')])).toEqual([2, 4]);
  });
});
