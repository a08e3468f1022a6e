import type { EvalComparison, EvalResult } from '@docqa/contracts';

/**
 * A run's results against a baseline's, item by item (by item id): items correct in the baseline
 * and not now are regressions, with both answers; items correct now and not before are fixed.
 */
export function compareRuns(
  baselineRunId: string,
  baseline: EvalResult[],
  current: EvalResult[],
): EvalComparison {
  const before = new Map(baseline.map((r) => [r.item.id, r]));
  const regressions: EvalComparison['regressions'] = [];
  const fixed: string[] = [];
  for (const after of current) {
    const was = before.get(after.item.id);
    if (!was) continue;
    if (was.verdict === 'correct' && after.verdict !== 'correct')
      regressions.push({
        item_id: after.item.id,
        question: after.item.question,
        before: { verdict: was.verdict, answer: was.answer, reason: was.reason },
        after: { verdict: after.verdict, answer: after.answer, reason: after.reason },
      });
    else if (was.verdict !== 'correct' && after.verdict === 'correct') fixed.push(after.item.id);
  }
  return { baseline_run_id: baselineRunId, regressions, fixed };
}
