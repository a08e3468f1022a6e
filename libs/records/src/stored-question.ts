import {
  ChannelSchema,
  type AnswerEvent,
  type Channel,
  type Filter,
  type QuestionPriority,
  type QuestionRecord,
  type QuestionStatus,
} from '@docqa/contracts';

/** Everything stored with a question beyond its public record. */
export interface StoredQuestion {
  record: QuestionRecord;
  tenant: string;
  filters: Filter[];
  metadata: Record<string, unknown>;
  /** Monotonic change counter: the ETag. */
  version: number;
  attempt: number;
  priority: QuestionPriority;
  /** Where the question entered docqa. */
  channel: Channel;
  /** The asker's language tag (the widget's `locale`), for the fixed phrases of the answer. */
  locale?: string;
  /** Whether the answer says its version (`record.version`): the tenant had several when asked. */
  versionShown?: boolean;
}

/** Input of {@link QuestionStore.create}. */
export interface NewQuestion {
  tenant: string;
  text: string;
  chatId?: string;
  filters?: Filter[];
  metadata?: Record<string, unknown>;
  idempotencyKey?: string;
  priority?: QuestionPriority;
  /** Where the question entered docqa. @defaultValue 'api' */
  channel?: Channel;
  /** The page the question was asked from (the widget's `page_url`). */
  pageUrl?: string;
  /** The asker's language tag. */
  locale?: string;
  /** The docs version it runs in (DESIGN §17). */
  version?: string;
  /** Whether the answer says its version (the tenant has several). */
  versionShown?: boolean;
}

/** An event read back from a question's stream, with its stream id. */
export interface StoredEvent {
  id: string;
  event: AnswerEvent;
}

/** Outcome of a write: the new version and event id, or why nothing was written. */
export type WriteResult = { version: number; eventId: string } | 'terminal' | 'stale';

const ID_PATTERN = /^[a-z]_[A-Za-z0-9_-]{6,64}$/;

/** Whether `id` has the shape of a record id (`q_…`, `c_…`); anything else is never looked up. */
export const isId = (id: string) => ID_PATTERN.test(id);

/** The channels a record may name (a lookup: a zod parse on every read cost a few µs). */
const CHANNELS: ReadonlySet<Channel> = new Set(ChannelSchema.options);

/** A question as its Redis hash holds it. */
export function fromHash(h: Record<string, string>): StoredQuestion {
  const status = h.status as QuestionStatus;
  const record: QuestionRecord = {
    id: h.id!,
    text: h.text!,
    response: h.response ?? '',
    is_ready: status === 'ready' || status === 'failed',
    chat_id: h.chat_id!,
    status,
    sources: JSON.parse(h.sources || '[]'),
    created_at: h.created_at!,
    updated_at: h.updated_at!,
  };
  if (h.error) record.error = JSON.parse(h.error);
  if (h.page_url) record.page_url = h.page_url;
  if (h.docs_version) record.version = h.docs_version;
  return {
    record,
    tenant: h.tenant!,
    filters: JSON.parse(h.filters || '[]'),
    metadata: JSON.parse(h.metadata || '{}'),
    version: Number(h.version),
    attempt: Number(h.attempt),
    priority: h.priority === 'batch' ? 'batch' : 'interactive',
    channel: CHANNELS.has(h.channel as Channel) ? (h.channel as Channel) : 'api',
    ...(h.locale ? { locale: h.locale } : {}),
    ...(h.version_shown ? { versionShown: true } : {}),
  };
}

/**
 * A question's page and language as its idempotency hash counts them: nothing when it has
 * neither, so the hash of a question without them is what it was before they existed.
 */
export function pageAndLocale(input: NewQuestion): (string | null)[] {
  return input.pageUrl || input.locale ? [input.pageUrl ?? null, input.locale ?? null] : [];
}
