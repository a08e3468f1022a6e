export { Keys } from './keys';
export { newId } from './ids';
export { IdempotentIds } from './idempotent-ids';
export {
  QuestionStore,
  type AnswerRecords,
  type QuestionRecords,
  type StoredEvent,
  type StoredQuestion,
  type WriteResult,
} from './question-store';
export { ChangeFeed } from './change-feed';
export { SettingsStore } from './settings-store';
export { FeedbackStore } from './feedback-store';
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
export { migrateKeyLayout } from './key-layout';
export { Lease, type HeldLease } from './lease';
