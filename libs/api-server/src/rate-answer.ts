import type { FeedbackRequest } from '@docqa/contracts';
import type { ApiDeps } from './api-deps';

/**
 * Stores a rating of one of the tenant's answers and logs it for insights: the one place
 * feedback is recorded, for `POST /question/{id}/feedback/` and the channels' buttons alike.
 * NotFoundError for a question of another tenant.
 */
export async function rateAnswer(
  deps: Pick<ApiDeps, 'questions' | 'feedback' | 'insights'>,
  tenant: string,
  questionId: string,
  feedback: FeedbackRequest,
): Promise<void> {
  const stored = await deps.questions.get(tenant, questionId);
  await deps.feedback.add(tenant, {
    ...feedback,
    question_id: questionId,
    created_at: new Date().toISOString(),
  });
  await deps.insights?.log.feedback(tenant, stored.record, feedback);
}
