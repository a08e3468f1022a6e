import type { Redis } from 'ioredis';
import { AuditEntrySchema, type AuditEntry, type AuditList, type AuditQuery } from '@docqa/contracts';
import type { Keys } from '@docqa/redis';

const DAY_MS = 86_400_000;
/** Entries read from the stream per round while a filtered page fills. */
const SCAN_BATCH = 200;

/** What a caller records: the entry without the id and time the log gives it. */
export type AuditRecord = Omit<AuditEntry, 'id' | 'at'>;

/** Options of {@link AuditLog}. */
export interface AuditLogOptions {
  redis: Redis;
  keys: Keys;
  /** Days an entry is kept (AUDIT_RETENTION_DAYS). */
  retentionDays: number;
  /** Clock. @defaultValue Date.now */
  now?: () => number;
}

/** Which entries a reader may see: those of one tenant, or (an all-tenants admin) every one. */
export type AuditScope = { tenant: string } | { allTenants: true };

/**
 * The audit log: one Redis Stream of entries in time order (the stream id is the entry's id and
 * its cursor). Each write trims entries older than the retention period.
 */
export class AuditLog {
  private readonly now: () => number;

  constructor(private readonly options: AuditLogOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Appends an entry; returns it with its id and time. */
  async record(record: AuditRecord): Promise<AuditEntry> {
    const at = this.now();
    const id = (await this.options.redis.xadd(
      this.options.keys.auditLog(),
      'MINID',
      '~',
      String(this.oldestKept(at)),
      `${at}-*`,
      'e',
      JSON.stringify(record),
    )) as string;
    return { id, at: new Date(at).toISOString(), ...record };
  }

  /** A page of entries, newest first, that `scope` may see and `query` asks for. */
  async list(scope: AuditScope, query: AuditQuery): Promise<AuditList> {
    const items: AuditEntry[] = [];
    for await (const entry of this.entries(scope, query)) {
      if (items.length === query.limit) return { items, next_cursor: items.at(-1)!.id };
      items.push(entry);
    }
    return { items, next_cursor: null };
  }

  /** Every entry `scope` may see and `query` asks for, newest first (`limit` is not applied). */
  async *entries(scope: AuditScope, query: Omit<AuditQuery, 'limit'>): AsyncGenerator<AuditEntry> {
    const oldest = Math.max(this.oldestKept(this.now()), query.from?.getTime() ?? 0);
    let end = query.cursor ? `(${query.cursor}` : query.to ? String(query.to.getTime() - 1) : '+';
    for (;;) {
      const batch = await this.options.redis.xrevrange(
        this.options.keys.auditLog(),
        end,
        String(oldest),
        'COUNT',
        SCAN_BATCH,
      );
      for (const [id, fields] of batch) {
        const entry = toEntry(id, fields);
        if (entry && visible(entry, scope) && matches(entry, query)) yield entry;
      }
      if (batch.length < SCAN_BATCH) return;
      end = `(${batch.at(-1)![0]}`;
    }
  }

  private oldestKept(now: number): number {
    return now - this.options.retentionDays * DAY_MS;
  }
}

function toEntry(id: string, fields: string[]): AuditEntry | null {
  const raw = fields[fields.indexOf('e') + 1];
  if (!raw) return null;
  const at = new Date(Number(id.split('-')[0])).toISOString();
  const parsed = AuditEntrySchema.safeParse({ ...JSON.parse(raw), id, at });
  return parsed.success ? parsed.data : null;
}

function visible(entry: AuditEntry, scope: AuditScope): boolean {
  return 'allTenants' in scope || entry.tenants.includes(scope.tenant);
}

function matches(entry: AuditEntry, query: Pick<AuditQuery, 'actor' | 'action'>): boolean {
  return (
    (!query.actor || entry.actor === query.actor.toLowerCase()) &&
    (!query.action || entry.action === query.action)
  );
}
