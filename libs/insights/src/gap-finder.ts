import type { Redis } from 'ioredis';
import type { GapCluster, Gaps, LoggedQuestion, LogQuery } from '@docqa/contracts';
import type { Keys } from '@docqa/redis';
import type { Embedder } from '@docqa/embedders';
import type { VectorStore } from '@docqa/retrieval';
import { centroidOf, clusterVectors, cosine } from './cluster';
import { LogReader, type LogRef } from './log-reader';
import { daysOf, resolvePeriod } from './period';

/** Limits of one coverage-gaps report. */
export interface GapLimits {
  /** Failed questions clustered (the newest). @defaultValue 10000 */
  maxQuestions: number;
  /** Clusters returned, largest first. @defaultValue 50 */
  maxClusters: number;
  /** Questions listed per cluster (`count` is the full size). @defaultValue 100 */
  questionsPerCluster: number;
  /** Nearest documents per cluster. @defaultValue 3 */
  documentsPerCluster: number;
  /** Cosine similarity a question needs to join a cluster (the best adjusted Rand index in docs/benchmarks.md). @defaultValue 0.3 */
  threshold: number;
}

export const DEFAULT_GAP_LIMITS: GapLimits = {
  maxQuestions: 10_000,
  maxClusters: 50,
  questionsPerCluster: 100,
  documentsPerCluster: 3,
  threshold: 0.3,
};

/**
 * `GET /admin/gaps/`: the period's failed questions (answered "not covered", or rated thumbs
 * down), embedded with the tenant's embedder, clustered by meaning ({@link clusterVectors}),
 * largest first, each labelled by its most central question and given the documents nearest its
 * centroid in the vector store (the pages to improve). The same data gives the same clusters.
 */
export class GapFinder {
  private readonly log: LogReader;
  private readonly limits: GapLimits;

  constructor(
    private readonly deps: {
      redis: Redis;
      keys: Keys;
      embedder: Embedder;
      store: VectorStore;
      retentionDays: number;
      now?: () => number;
      limits?: Partial<GapLimits>;
    },
  ) {
    this.log = new LogReader(deps);
    this.limits = { ...DEFAULT_GAP_LIMITS, ...deps.limits };
  }

  async gaps(tenant: string, query: LogQuery): Promise<Gaps> {
    const failed = await this.failedQuestions(tenant, query);
    if (!failed.length) return { clusters: [] };
    const vectors = await this.deps.embedder.embedDocuments(failed.map((q) => q.text));
    const groups = clusterVectors(vectors, this.limits.threshold).slice(0, this.limits.maxClusters);
    const clusters: GapCluster[] = [];
    for (const members of groups) clusters.push(await this.describe(tenant, members, failed, vectors));
    return { clusters };
  }

  /**
   * The period's failed questions (of `query.version` only, when given), oldest first (ties by
   * id), the newest `maxQuestions`.
   */
  async failedQuestions(tenant: string, query: LogQuery): Promise<LoggedQuestion[]> {
    const period = resolvePeriod(query, this.deps.now?.() ?? Date.now(), this.deps.retentionDays);
    const days = daysOf(period);
    const pipeline = this.deps.redis.pipeline();
    for (const day of days)
      pipeline.zrangebyscore(
        this.deps.keys.analyticsGaps(tenant, day),
        period.from,
        period.to - 1,
        'WITHSCORES',
      );
    const results = ((await pipeline.exec()) ?? []).map(([, v]) => (v ?? []) as string[]);
    const refs: (LogRef & { at: number })[] = [];
    results.forEach((flat, i) => {
      for (let j = 0; j < flat.length; j += 2)
        refs.push({ day: days[i]!, questionId: flat[j]!, at: Number(flat[j + 1]) });
    });
    refs.sort((a, b) => a.at - b.at || (a.questionId < b.questionId ? -1 : 1));
    const failed = (e: LoggedQuestion) => e.not_covered || e.feedback?.rating === 'down';
    if (!query.version) {
      const entries = await this.log.entries(tenant, refs.slice(-this.limits.maxQuestions));
      return entries.filter(failed);
    }
    // The version is in the entries only: read them all, then keep the newest of that version.
    const entries = await this.log.entries(tenant, refs);
    return entries.filter((e) => e.version === query.version && failed(e)).slice(-this.limits.maxQuestions);
  }

  private async describe(
    tenant: string,
    members: number[],
    failed: LoggedQuestion[],
    vectors: number[][],
  ): Promise<GapCluster> {
    const centroid = centroidOf(members.map((i) => vectors[i]!));
    let central = members[0]!;
    let best = -Infinity;
    for (const i of members) {
      const similarity = cosine(vectors[i]!, centroid);
      if (similarity > best + 1e-12) [central, best] = [i, similarity];
    }
    const label = failed[central]!;
    return {
      id: label.question_id,
      label: label.text,
      count: members.length,
      questions: members.slice(0, this.limits.questionsPerCluster).map((i) => {
        const q = failed[i]!;
        return {
          question_id: q.question_id,
          chat_id: q.chat_id,
          text: q.text,
          at: q.asked_at,
          reason: q.not_covered ? 'not_covered' : 'thumbs_down',
        };
      }),
      nearest_documents: await this.nearestDocuments(tenant, centroid),
    };
  }

  private async nearestDocuments(tenant: string, vector: number[]): Promise<GapCluster['nearest_documents']> {
    const wanted = this.limits.documentsPerCluster;
    const results = await this.deps.store.semanticSearch({
      tenants: [tenant],
      filters: [],
      limit: wanted * 4,
      vector,
    });
    const seen = new Map<string, GapCluster['nearest_documents'][number]>();
    for (const r of results) {
      if (!seen.has(r.document_id))
        seen.set(r.document_id, { document_id: r.document_id, title: r.title, url: r.url });
      if (seen.size >= wanted) break;
    }
    return [...seen.values()];
  }
}
