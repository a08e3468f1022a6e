import type { Redis } from 'ioredis';
import type { Keys } from '@docqa/redis';

/** What a store of records that expire (questions and chats, feedback) works with. */
export interface RecordStoreOptions {
  /** The command connection. */
  redis: Redis;
  /** The installation's key names. */
  keys: Keys;
  /** How long a record is kept after its last write (`RECORD_TTL_DAYS`), in seconds. */
  ttlSeconds: number;
}
