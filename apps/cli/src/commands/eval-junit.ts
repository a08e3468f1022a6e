import { XMLBuilder } from 'fast-xml-parser';
import type { EvalRun } from '@docqa/contracts';

/**
 * A run as JUnit XML for CI systems: one `<testsuite>` named after the set, one `<testcase>` per
 * item: a correct answer passes, a missing or incorrect one fails (message: the reason; a
 * regression says so), an unscored one is skipped. The answer goes to `<system-out>`.
 */
export function junitXml(run: EvalRun): string {
  const regressed = new Set(run.comparison?.regressions.map((r) => r.item_id) ?? []);
  const failures = run.tally.missing + run.tally.incorrect;
  const seconds = (ms: number | null) => ((ms ?? 0) / 1000).toFixed(3);
  const testcase = run.results.map((r) => ({
    '@_name': r.item.question,
    '@_classname': `docqa.eval.${run.set}`,
    '@_time': seconds(r.latency_ms),
    ...(r.verdict === 'unscored' ? { skipped: { '@_message': r.reason } } : {}),
    ...(r.verdict === 'missing' || r.verdict === 'incorrect'
      ? {
          failure: {
            '@_type': r.verdict,
            '@_message': `${regressed.has(r.item.id) ? 'regression: ' : ''}${r.verdict}: ${r.reason}`,
          },
        }
      : {}),
    'system-out': r.answer,
  }));
  const builder = new XMLBuilder({ ignoreAttributes: false, format: true, suppressEmptyNode: true });
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build({
    testsuites: {
      '@_name': 'docqa eval',
      '@_tests': run.results.length,
      '@_failures': failures,
      testsuite: {
        '@_name': run.set,
        '@_id': run.id,
        '@_tests': run.results.length,
        '@_failures': failures,
        '@_skipped': run.tally.unscored,
        '@_timestamp': run.started_at,
        testcase,
      },
    },
  })}`;
}
