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
} from './redis';
export { migrateKeyLayout } from './key-layout';
export { Lease, type HeldLease } from './lease';
