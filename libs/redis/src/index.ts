export { Keys } from './keys';
export { newId } from './ids';
export { IdempotentIds } from './idempotent-ids';
export { ChangeFeed } from './change-feed';
export {
  bullConnection,
  closeRedis,
  connectRedis,
  describeRedisTarget,
  redisTarget,
  releaseBullConnection,
  dropBullConnections,
  scanKeys,
  tenantsWith,
  waitForRedis,
  type RedisTarget,
} from './redis';
export { coalesceWritesOf, type RedisSendOptions } from './coalesce-writes';
export { migrateKeyLayout } from './key-layout';
export { Lease, type HeldLease } from './lease';
export { TurnSharedReads } from './turn-shared-reads';
