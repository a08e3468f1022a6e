import type { Logger } from 'pino';
import {
  EVAL_RUN_METADATA_KEY,
  type EvalItem,
  type EvalResult,
  type EvalRunSummary,
  type EvalRunWith,
  type QuestionRecord,
} from '@docqa/contracts';
import { ValidationError } from '@docqa/errors';
import type { QuestionService } from '@docqa/questions';
import { newId } from '@docqa/redis';
import type { EvalStore } from './eval-store';
import type { ModelJudge } from './eval-judge';
import { scoreAnswer } from './eval-scoring';

/** What an {@link EvalRunner} needs. */
export interface EvalRunnerOptions {
  store: EvalStore;
  /** Asks through the real pipeline: questions recorded, queued at batch priority, answered by the workers. */
  questions: Pick<QuestionService, 'askBatch' | 'get'>;
  /** What a run of the tenant runs with (answerer, model, embedder, settings digest, documents). */
  describe: (tenant: string) => Promise<EvalRunWith>;
  logger: Logger;
  /** Grades items without expectations (with a model configured); without one they stay unscored. */
  judge?: ModelJudge;
  /** Items asked and awaited at once; the rest wait, so interactive questions keep their place. @defaultValue 16 */
  inFlight?: number;
  /** Seconds one wait for an answer lasts before the cancel flag is read again. @defaultValue 2 */
  pollSeconds?: number;
  /** @defaultValue Date.now */
  now?: () => number;
}

/** Seconds a run's hold lasts unless renewed (every third of it): a run left longer is abandoned. */
const HOLD_SECONDS = 30;

/** Progress figures a run keeps while it goes. */
interface Tallies {
  latencies: number[];
  gold: number;
  hit1: number;
  hit5: number;
}

/**
 * Runs evaluation sets (DESIGN §16): snapshots the set's items, asks each through the question
 * pipeline at batch priority (earlier chat turns first), scores every answer as it ends, and keeps
 * the run's progress, tally and results in the {@link EvalStore}. A run goes on in the background
 * of the process that started it; `cancel` stops it between answers.
 */
export class EvalRunner {
  private readonly active = new Set<Promise<void>>();
  private closing = false;

  constructor(private readonly opts: EvalRunnerOptions) {}

  private now(): string {
    return new Date((this.opts.now ?? Date.now)()).toISOString();
  }

  /** Starts a run of the set as it is now; answers at once with the run (status `running`). */
  async start(tenant: string, setName: string): Promise<EvalRunSummary> {
    const set = await this.opts.store.getSet(tenant, setName);
    if (!set.items.length) throw new ValidationError(`evaluation set ${setName} has no items to run`);
    const run: EvalRunSummary = {
      id: newId('e'),
      set: setName,
      status: 'running',
      started_at: this.now(),
      ended_at: null,
      items: set.items.length,
      done: 0,
      tally: { correct: 0, missing: 0, incorrect: 0, unscored: 0 },
      hit_at_1: null,
      hit_at_5: null,
      p50_latency_ms: null,
      ran_with: await this.opts.describe(tenant),
    };
    await this.opts.store.holdRun(tenant, run.id, HOLD_SECONDS);
    await this.opts.store.createRun(tenant, run, set.items);
    const task = this.execute(tenant, run, set.items)
      .catch(async (err: unknown) => {
        this.opts.logger.error({ err, run: run.id }, 'evaluation run failed');
        await this.finish(tenant, run, 'failed', err instanceof Error ? err.message : String(err));
      })
      .finally(() => this.active.delete(task));
    this.active.add(task);
    return run;
  }

  /** Asks a running run to stop; answers with the run as it is. */
  async cancel(tenant: string, setName: string, runId: string): Promise<EvalRunSummary> {
    const run = await this.opts.store.getRun(tenant, setName, runId);
    if (run.status === 'running') await this.opts.store.requestCancel(tenant, runId);
    return run;
  }

  /** Stops this process's runs (marked failed: the process stopped) and waits for them. */
  async close(): Promise<void> {
    this.closing = true;
    await Promise.allSettled([...this.active]);
  }

  private async execute(tenant: string, run: EvalRunSummary, items: EvalItem[]): Promise<void> {
    const hold = setInterval(
      () => {
        this.opts.store.holdRun(tenant, run.id, HOLD_SECONDS).catch((err: unknown) => {
          this.opts.logger.warn({ err, run: run.id }, 'could not renew the hold of an evaluation run');
        });
      },
      (HOLD_SECONDS * 1000) / 3,
    );
    try {
      await this.executeHeld(tenant, run, items);
    } finally {
      clearInterval(hold);
    }
  }

  private async executeHeld(tenant: string, run: EvalRunSummary, items: EvalItem[]): Promise<void> {
    const tallies: Tallies = { latencies: [], gold: 0, hit1: 0, hit5: 0 };
    let next = 0;
    let stopped = false;
    const worker = async () => {
      while (!stopped && next < items.length) {
        const index = next++;
        const item = items[index]!;
        const result = await this.askItem(tenant, run.id, item);
        if (!result) {
          stopped = true;
          return;
        }
        await this.opts.store.putResult(tenant, run.id, index, result);
        this.count(run, tallies, item, result);
        await this.opts.store.updateRun(tenant, run);
      }
    };
    const workers = Math.max(1, Math.min(this.opts.inFlight ?? 16, items.length));
    await Promise.all(Array.from({ length: workers }, worker));
    if (!stopped) return this.finish(tenant, run, 'completed');
    if (this.closing) return this.finish(tenant, run, 'failed', 'the process running it stopped');
    return this.finish(tenant, run, 'cancelled');
  }

  private count(run: EvalRunSummary, tallies: Tallies, item: EvalItem, result: EvalResult): void {
    run.done += 1;
    run.tally[result.verdict] += 1;
    if (result.latency_ms !== null) tallies.latencies.push(result.latency_ms);
    if (item.expect?.gold_urls?.length && !item.expect.not_covered) {
      tallies.gold += 1;
      if (result.gold_rank !== null && result.gold_rank <= 1) tallies.hit1 += 1;
      if (result.gold_rank !== null && result.gold_rank <= 5) tallies.hit5 += 1;
      run.hit_at_1 = tallies.hit1 / tallies.gold;
      run.hit_at_5 = tallies.hit5 / tallies.gold;
    }
    // The median is re-sorted every 25 answers and at the end, not on each one (5,000 items).
    if (run.done % 25 === 0 || run.done === run.items) run.p50_latency_ms = median(tallies.latencies);
  }

  /** Asks an item (its chat's earlier turns first) and scores the answer; null when the run stops. */
  private async askItem(tenant: string, runId: string, item: EvalItem): Promise<EvalResult | null> {
    const asker = { tenant, filters: [] };
    const question_metadata = { [EVAL_RUN_METADATA_KEY]: runId };
    let chatId: string | undefined;
    for (const turn of item.chat ?? []) {
      const [created] = await this.opts.questions.askBatch(asker, [
        { question: turn, chat_id: chatId, question_metadata },
      ]);
      chatId = created!.chat_id;
      if (!(await this.answer(tenant, runId, created!.question_id))) return null;
    }
    const [created] = await this.opts.questions.askBatch(asker, [
      { question: item.question, chat_id: chatId, question_metadata },
    ]);
    const record = await this.answer(tenant, runId, created!.question_id);
    if (!record) return null;
    let score = scoreAnswer(item, record);
    const judged = score.verdict === 'unscored' && record.status === 'ready' && this.opts.judge;
    if (judged) score = await judged.judge(item.question, record);
    return {
      item,
      question_id: record.id,
      verdict: score.verdict,
      reason: score.reason,
      answer: record.response,
      sources: record.sources.map((s) => ({ title: s.title, url: s.url, cited: s.cited })),
      gold_rank: score.goldRank,
      latency_ms: Math.max(0, Date.parse(record.updated_at) - Date.parse(record.created_at)),
    };
  }

  /** Waits for a question's answer to end; null when the run is cancelled or the process stops meanwhile. */
  private async answer(tenant: string, runId: string, questionId: string): Promise<QuestionRecord | null> {
    for (;;) {
      if (this.closing || (await this.opts.store.cancelRequested(tenant, runId))) return null;
      const stored = await this.opts.questions.get(tenant, questionId, {
        waitSeconds: this.opts.pollSeconds ?? 2,
      });
      if (stored.record.is_ready) return stored.record;
    }
  }

  private async finish(
    tenant: string,
    run: EvalRunSummary,
    status: EvalRunSummary['status'],
    error?: string,
  ) {
    run.status = status;
    run.ended_at = this.now();
    if (error) run.error = error;
    await this.opts.store.updateRun(tenant, run);
    await this.opts.store.releaseRun(tenant, run.id);
  }
}

function median(values: number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}
