/** Thrown by `DocqaClient.waitForAnswer` when the answer is not ready within `timeoutMs`. */
export class AnswerTimeoutError extends Error {
  constructor(
    readonly questionId: string,
    readonly timeoutMs: number,
  ) {
    super(`question ${questionId} was not answered within ${timeoutMs} ms`);
    this.name = 'AnswerTimeoutError';
  }
}
