import { isNotCovered, type QuestionLog } from '@docqa/insights';
import type { Metrics } from '@docqa/metrics';
import type { QuestionEndLog } from '@docqa/questions';

/** Counts each answer that ends by channel and outcome (`ready`, `not_covered`, `failed`), with its latencies. */
function answerMetrics(metrics: Metrics): QuestionEndLog {
  return {
    async questionEnded({ channel, record }, firstPartialAt) {
      const asked = Date.parse(record.created_at);
      const outcome = record.status === 'ready' && isNotCovered(record) ? 'not_covered' : record.status;
      metrics.questions.inc({ channel, outcome });
      if (firstPartialAt !== null) metrics.firstPartial.observe({ channel }, (firstPartialAt - asked) / 1000);
      if (record.status === 'ready')
        metrics.ready.observe({ channel }, (Date.parse(record.updated_at) - asked) / 1000);
    },
  };
}

/**
 * Where the worker's questions end: the question log, and the answer metrics of each question the
 * log takes for the first time. A question is often reported ended twice (its job's last attempt
 * marks it failed, then BullMQ's `failed` event does; a job delivered again after its answer was
 * written logs it again): the log keeps one entry, and the counters follow it, so a failed
 * question counts once in `docqa_questions_total` as it does in the insights.
 */
export function questionEndLog(log: QuestionLog, metrics?: Metrics): QuestionEndLog {
  const counted = metrics && answerMetrics(metrics);
  return {
    async questionEnded(question, firstPartialAt) {
      const logged = await log.questionEnded(question, firstPartialAt);
      if (logged) await counted?.questionEnded(question, firstPartialAt);
    },
  };
}
