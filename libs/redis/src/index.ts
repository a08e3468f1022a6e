export { Keys } from './keys';
export { newId } from './ids';
export { IdempotentIds } from './idempotent-ids';
export { ChangeFeed } from './change-feed';
export {
  bullConnection,
  closeRedis,
  coalesceWritesOf,
  connectRedis,
  describeRedisTarget,
  redisTarget,
  releaseBullConnection,
  dropBullConnections,
  scanKeys,
  tenantsWith,
  waitForRedis,
  type RedisSendOptions,
  type RedisTarget,
} from './redis';
export { migrateKeyLayout } from './key-layout';
export { Lease, type HeldLease } from './lease';
