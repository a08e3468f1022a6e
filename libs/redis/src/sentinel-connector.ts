import { SentinelConnector, type SentinelConnectionOptions } from 'ioredis';

/** What of ioredis's Sentinel connector this one reads and sets (private there). */
interface ConnectorInside {
  failoverDetector: { isDisconnected: boolean } | null;
  connecting: boolean;
}

/**
 * ioredis's Sentinel connector, except that a failover announced while the client is between
 * connections does not end the client.
 *
 * ioredis's failover detector (`failoverDetector: true`) disconnects the connector when a sentinel
 * announces `+switch-master`, so a client connected to a master that hangs moves to the new one.
 * A disconnect also marks the connector as no longer connecting; when the announcement comes while
 * the client is reconnecting (its master died, and it is asking a sentinel where the master is
 * now), that connect gives up with "Connection is closed" and the client ends for good: every
 * later command fails. docqa's own connections were reopened when they ended, but BullMQ's are
 * not: after a failover on a busy machine the API answered 503 to every question until restarted
 * (`sentinel-failover.int.spec.ts` holds a reconnect still to show it). Here the announcement
 * ends the current connection only; a connect under way goes on and asks the sentinels again.
 */
export class FailoverSafeSentinelConnector extends SentinelConnector {
  /** `options`: the client's, which ioredis passes to the connector of its `Connector` option. */
  constructor(options: unknown) {
    super(options as SentinelConnectionOptions);
  }

  override disconnect(): void {
    const inside = this as unknown as ConnectorInside;
    // The detector marks itself disconnected before it disconnects the connector; since every
    // disconnect drops the detector (below), nothing else finds it marked.
    const announced = inside.failoverDetector?.isDisconnected === true;
    const connecting = inside.connecting;
    super.disconnect(); // also cleans the detector up; the next connection starts a new one
    inside.failoverDetector = null;
    if (announced) inside.connecting = connecting;
  }
}
