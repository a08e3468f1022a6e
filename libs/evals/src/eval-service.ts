import type { EvalComparison, EvalRun, EvalRunSummary, EvalSet } from '@docqa/contracts';
import { compareRuns } from './eval-comparison';
import { parseEvalFile } from './eval-file';
import type { EvalRunner } from './eval-runner';
import type { EvalStore } from './eval-store';
import type { ModelGapWriter } from './gap-writer';

/**
 * What the evaluations API serves (DESIGN §16): sets, imports, runs and their comparison, and the
 * model that drafts gap sections when one is configured.
 */
export class EvalService {
  constructor(
    readonly store: EvalStore,
    readonly runner: EvalRunner,
    /** Writes first drafts of gap sections (`POST /admin/gaps/draft`); absent without a model. */
    readonly gapWriter?: ModelGapWriter,
  ) {}

  /** Adds a JSONL or CSV file's items to a set (created if need be); a bad line refuses the whole file. */
  import(
    tenant: string,
    set: string,
    file: { format: 'jsonl' | 'csv'; content: string; replace: boolean },
  ): Promise<EvalSet> {
    const items = parseEvalFile(file.format, file.content);
    return this.store.addItems(tenant, set, items, file.replace);
  }

  /**
   * A run with its results so far, compared with `baselineId` (when given; 404 if unknown) or
   * else the latest completed run of the set started before it (null when there is none).
   */
  async run(tenant: string, set: string, runId: string, baselineId?: string): Promise<EvalRun> {
    const run = await this.store.getRun(tenant, set, runId);
    const results = await this.store.getResults(tenant, runId);
    const baseline = baselineId
      ? await this.store.getRun(tenant, set, baselineId)
      : await this.previous(tenant, run);
    let comparison: EvalComparison | null = null;
    if (baseline)
      comparison = compareRuns(baseline.id, await this.store.getResults(tenant, baseline.id), results);
    return { ...run, results, comparison };
  }

  private async previous(tenant: string, run: EvalRunSummary): Promise<EvalRunSummary | null> {
    const runs = await this.store.listRuns(tenant, run.set);
    return (
      runs.find((r) => r.id !== run.id && r.status === 'completed' && r.started_at <= run.started_at) ?? null
    );
  }
}
