import type { Redis } from 'ioredis';
import type { ExportQuery, LoggedQuestion } from '@docqa/contracts';
import type { Keys } from '@docqa/redis';
import { decodeEntry, feedbackField } from './log-entry';
import { daysOf, resolvePeriod } from './period';

/** Columns of the CSV export, in order. */
export const EXPORT_COLUMNS = [
  'question_id',
  'chat_id',
  'asked_at',
  'ended_at',
  'channel',
  'status',
  'not_covered',
  'first_partial_ms',
  'ready_ms',
  'cited_document_ids',
  'version',
  'feedback',
  'feedback_details',
  'feedback_url',
  'text',
] as const;

/**
 * `GET /admin/export/questions`: every logged question of the period (of one docs version
 * when the query names one), day by day (oldest day
 * first; within a day in Redis' scan order), read in pages of `pageSize` so memory stays flat
 * whatever the period holds.
 */
export class QuestionExport {
  constructor(
    private readonly deps: {
      redis: Redis;
      keys: Keys;
      retentionDays: number;
      now?: () => number;
      pageSize?: number;
    },
  ) {}

  /** Validates the period up front, so a bad one is a 400 before any byte is streamed. */
  rows(tenant: string, query: ExportQuery): AsyncGenerator<LoggedQuestion> {
    const period = resolvePeriod(query, this.deps.now?.() ?? Date.now(), this.deps.retentionDays);
    return this.scan(tenant, daysOf(period), period.from, period.to, query.version);
  }

  private async *scan(
    tenant: string,
    days: string[],
    from: number,
    to: number,
    version: string | undefined,
  ): AsyncGenerator<LoggedQuestion> {
    const { redis, keys } = this.deps;
    for (const day of days) {
      const key = keys.analyticsQuestions(tenant, day);
      let cursor = '0';
      do {
        const [next, flat] = await redis.hscan(key, cursor, 'COUNT', this.deps.pageSize ?? 500);
        cursor = next;
        const entries: [string, string][] = [];
        for (let i = 0; i < flat.length; i += 2)
          if (!flat[i]!.endsWith('!fb')) entries.push([flat[i]!, flat[i + 1]!]);
        if (!entries.length) continue;
        const feedback = await redis.hmget(key, ...entries.map(([id]) => feedbackField(id)));
        for (const [i, [id, raw]] of entries.entries()) {
          const row = decodeEntry(id, raw, feedback[i]);
          const asked = Date.parse(row.asked_at);
          if (asked >= from && asked < to && (!version || row.version === version)) yield row;
        }
      } while (cursor !== '0');
    }
  }
}

/**
 * One CSV line (RFC 4180: fields with quotes, commas or line breaks are quoted). Text a visitor
 * wrote that a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`, a tab or a
 * carriage return) is prefixed with `'`, which spreadsheets show as text (OWASP's CSV injection
 * advice).
 */
export function csvLine(row: LoggedQuestion): string {
  const values: Record<(typeof EXPORT_COLUMNS)[number], unknown> = {
    ...row,
    cited_document_ids: row.cited_document_ids.join(' '),
    feedback: row.feedback?.rating ?? '',
    feedback_details: row.feedback?.details ?? '',
    feedback_url: row.feedback?.url ?? '',
  };
  return EXPORT_COLUMNS.map((c) => csvField(values[c])).join(',') + '\r\n';
}

export function csvHeader(): string {
  return EXPORT_COLUMNS.join(',') + '\r\n';
}

function csvField(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
