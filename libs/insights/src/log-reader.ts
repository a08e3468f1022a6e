import type { Redis } from 'ioredis';
import type { LoggedQuestion } from '@docqa/contracts';
import type { Keys } from '@docqa/redis';
import { decodeDocument, decodeEntry, feedbackField } from './log-entry';

/** A logged question addressed by its day (`YYYYMMDD`) and id. */
export interface LogRef {
  day: string;
  questionId: string;
}

/** Reads logged questions by reference, with their feedback. */
export class LogReader {
  constructor(private readonly deps: { redis: Redis; keys: Keys }) {}

  /** The logged questions among `refs`, in order, skipping expired ones. */
  async entries(tenant: string, refs: LogRef[]): Promise<LoggedQuestion[]> {
    if (!refs.length) return [];
    const pipeline = this.deps.redis.pipeline();
    for (const ref of refs)
      pipeline.hmget(
        this.deps.keys.analyticsQuestions(tenant, ref.day),
        ref.questionId,
        feedbackField(ref.questionId),
      );
    const rows = ((await pipeline.exec()) ?? []).map(([, v]) => v as (string | null)[]);
    return refs.flatMap((ref, i) => {
      const [raw, feedback] = rows[i] ?? [];
      return raw ? [decodeEntry(ref.questionId, raw, feedback)] : [];
    });
  }

  /** Title and URL of cited documents, as last seen in an answer. */
  async documents(
    tenant: string,
    ids: string[],
  ): Promise<Map<string, { title: string; url: string | null }>> {
    const unique = [...new Set(ids)];
    const found = new Map<string, { title: string; url: string | null }>();
    if (!unique.length) return found;
    const raws = await this.deps.redis.hmget(this.deps.keys.analyticsDocuments(tenant), ...unique);
    unique.forEach((id, i) => found.set(id, decodeDocument(id, raws[i])));
    return found;
  }
}

/** The refs a chat summary's `refs` field lists (`day/question_id` separated by spaces). */
export function parseRefs(refs: string | undefined): LogRef[] {
  return (refs ?? '')
    .split(' ')
    .filter(Boolean)
    .map((r) => {
      const [day, questionId] = r.split('/');
      return { day: day!, questionId: questionId! };
    });
}
