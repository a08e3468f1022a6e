import type { Redis } from 'ioredis';
import type { Keys } from './keys';
import { isCluster, scanKeys } from './redis';

/** Version of the key layout {@link Keys} builds: 2 added Redis Cluster hash tags. */
const LAYOUT_VERSION = '2';

/**
 * The key of the layout before hash tags → its name now, or null for a key that keeps its name
 * (or is not docqa's). Idempotency records of that layout are left to expire: a replay of a
 * request made before the upgrade creates a new question.
 */
function renamed(key: string, keys: Keys): string | null {
  const rest = key.slice(keys.prefix.length + 1);
  if (rest.includes('{')) return null;
  const rules: [RegExp, (m: string[]) => string][] = [
    [/^q:([^:]+)$/, ([, id]) => keys.question(id!)],
    [/^q:([^:]+):events$/, ([, id]) => keys.questionEvents(id!)],
    [/^chat:([^:]+)$/, ([, id]) => keys.chat(id!)],
    [/^chat:([^:]+):questions$/, ([, id]) => keys.chatQuestions(id!)],
    [/^token:(.+)$/, ([, hash]) => keys.tokenByHash(hash!)],
    [/^tokens$/, () => keys.tokenIndex()],
    [/^origins$/, () => keys.allowedOrigins()],
    [/^admin:(.+)$/, ([, email]) => keys.adminAccount(email!)],
    [/^admins$/, () => keys.adminAccounts()],
    [/^doc:([^:]+):([^:]+)$/, ([, tenant, id]) => keys.document(tenant!, id!)],
    [/^docs:([^:]+)$/, ([, tenant]) => keys.documentIndex(tenant!)],
    [/^src:([^:]+):([^:]+)$/, ([, tenant, id]) => keys.source(tenant!, id!)],
    [/^src:([^:]+):([^:]+):pages$/, ([, tenant, id]) => keys.sourcePages(tenant!, id!)],
    [/^src:([^:]+):([^:]+):syncs$/, ([, tenant, id]) => keys.sourceSyncs(tenant!, id!)],
    [/^src:([^:]+):([^:]+):lease$/, ([, tenant, id]) => keys.sourceLease(tenant!, id!)],
    [/^srcs:([^:]+)$/, ([, tenant]) => keys.sourceIndex(tenant!)],
    [/^an:([^:]+):(.+)$/, ([, tenant, tail]) => `${keys.prefix}:an:{${tenant}}:${tail}`],
    [/^bull:(.+)$/, ([, tail]) => `${keys.queuePrefix()}:${tail}`],
  ];
  for (const [pattern, to] of rules) {
    const match = pattern.exec(rest);
    if (match) return to(match);
  }
  return null;
}

/**
 * Moves the keys of an installation that ran before keys had hash tags to their new names, once
 * (a marker key records it). Runs at start-up of the API and the worker; both may run it at once
 * (a key already moved is skipped). Stop every docqa process of the old version before upgrading,
 * so none writes the old names afterwards. A Redis Cluster needs no migration: docqa could not
 * run on one before.
 *
 * @returns how many keys were renamed (logged to `logger` when any were).
 */
export async function migrateKeyLayout(
  redis: Redis,
  keys: Keys,
  logger?: { info(fields: object, message: string): void },
): Promise<number> {
  if (isCluster(redis) || (await redis.get(keys.layoutVersion())) === LAYOUT_VERSION) return 0;
  let moved = 0;
  for await (const found of scanKeys(redis, `${keys.prefix}:*`)) {
    for (const key of found) {
      const to = renamed(key, keys);
      if (!to) continue;
      // RENAMENX: never overwrite a key of the new layout; a key moved meanwhile is gone (error).
      moved += await redis.renamenx(key, to).catch(() => 0);
    }
  }
  await redis.set(keys.layoutVersion(), LAYOUT_VERSION);
  if (moved) logger?.info({ keys: moved }, 'Redis keys moved to the hash-tagged layout');
  return moved;
}
