import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { cli, startOwnSentinel, waitFor, type OwnSentinel } from '@docqa/testing';
import { bullConnection, closeRedis, type RedisTarget } from './redis';
import { FailoverSafeSentinelConnector } from './sentinel-connector';

/** The parts of ioredis's Sentinel connector this test reaches into to hold a reconnect still. */
interface ConnectorInside {
  resolve(endpoint: unknown): Promise<unknown>;
  failoverDetector: { isDisconnected: boolean } | null;
}

/**
 * A client opened from connection options, as BullMQ opens its queues' and workers' clients (no
 * docqa code sees them end). When the sentinels announce a new master while such a client is
 * between connections (asking a sentinel where the master is), ioredis's failover detector used
 * to end the client for good: every later command failed with "Connection is closed", and the
 * API answered 503 to every question until it was restarted (seen on a busy machine).
 */
describe('a Sentinel client whose master is replaced while it reconnects', () => {
  let sentinel: OwnSentinel;
  let client: Redis;

  beforeAll(async () => {
    sentinel = await startOwnSentinel('docqa-race');
  }, 60_000);
  afterAll(async () => {
    if (client) await closeRedis(client);
    await sentinel?.stop();
  });

  it('connects to the new master instead of ending', async () => {
    const target: RedisTarget = { kind: 'sentinel', sentinels: sentinel.sentinels, name: sentinel.name };
    client = new Redis({ ...(bullConnection(target, 'command') as object), lazyConnect: true });
    client.on('error', () => undefined);
    await client.connect();
    const connector = (client as unknown as { connector: ConnectorInside }).connector;
    // The failover detector subscribes to every sentinel once the client is connected.
    for (const { port } of sentinel.sentinels)
      await waitFor(async () => / sub=1 /.test(await cli(port, 'CLIENT', 'LIST')));
    const oldMaster = (await sentinel.master()).port;

    // The next reconnect waits, mid-way through asking a sentinel, until the failover is announced.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let asking = false;
    const resolve = connector.resolve.bind(connector);
    connector.resolve = async (endpoint) => {
      asking = true;
      await released;
      return resolve(endpoint);
    };
    const detector = connector.failoverDetector!;
    client.stream.destroy();
    await waitFor(async () => asking);

    await cli(sentinel.sentinels[0]!.port, 'SENTINEL', 'FAILOVER', sentinel.name);
    await waitFor(async () => (await sentinel.master()).port !== oldMaster);
    // The detector heard "+switch-master" while the client was asking.
    await waitFor(async () => detector.isDisconnected);
    release();

    await waitFor(async () => client.status === 'ready' || client.status === 'end', 30_000);
    expect(client.status).toBe('ready');
    await waitFor(async () => (await client.set('after-failover', 'yes')) === 'OK', 30_000);
    expect(client.stream.remotePort).toBe((await sentinel.master()).port);
  }, 120_000);

  it("is the connector of BullMQ's queues and workers (their clients are made from options)", async () => {
    const target: RedisTarget = { kind: 'sentinel', sentinels: sentinel.sentinels, name: sentinel.name };
    const queue = new Queue('connector-check', { connection: bullConnection(target, 'command') });
    const worker = new Worker('connector-check', async () => undefined, {
      connection: bullConnection(target, 'blocking'),
      autorun: false,
    });
    try {
      // The Redis backend's clients: the queue's, the worker's and its blocking one.
      const backend = (owner: Queue | Worker) =>
        owner.getBackend() as unknown as { client: Promise<unknown>; blockingClient?: Promise<unknown> };
      const clients = [
        await backend(queue).client,
        await backend(worker).client,
        await backend(worker).blockingClient,
      ];
      for (const c of clients)
        expect((c as unknown as { connector: unknown }).connector).toBeInstanceOf(
          FailoverSafeSentinelConnector,
        );
    } finally {
      await worker.close();
      await queue.close();
    }
  }, 60_000);
});
