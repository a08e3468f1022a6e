import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { HumanMessage, SystemMessage } from '@langchain/core/messages';
import type { QuestionRecord } from '@docqa/contracts';
import type { Score } from './eval-scoring';

/** The instructions of the judge prompt: one verdict word, a colon, one sentence of why. */
const JUDGE_INSTRUCTIONS = [
  'You grade the answer of a documentation assistant to a visitor question.',
  'Judge only from the question, the answer and the passages the answer had.',
  'Reply with exactly one line: a verdict word, a colon, and one short sentence of why.',
  'Verdicts: correct (the answer answers the question and the passages support it);',
  'missing (the answer declines or says it could not find it although the passages answer it);',
  'incorrect (the answer is wrong, unsupported by the passages, or answers something else).',
].join('\n');

/** Longest passage text sent to the judge per source, characters. */
const SNIPPET_CHARS = 1500;

/**
 * Grades answers of items without expectations with a chat model (DESIGN §16: a judge prompt
 * when a model is configured). A reply that is not a verdict, or a failed call, leaves the item
 * unscored with the reason: never a guess.
 */
export class ModelJudge {
  constructor(
    private readonly model: BaseChatModel,
    /** Longest wait for a verdict, ms. @defaultValue 60000 */
    private readonly timeoutMs = 60_000,
  ) {}

  async judge(question: string, record: QuestionRecord): Promise<Score> {
    const passages = record.sources
      .map(
        (s, i) =>
          `[${i + 1}] ${s.title}${s.section ? ` › ${s.section}` : ''}\n${s.snippet.slice(0, SNIPPET_CHARS)}`,
      )
      .join('\n\n');
    let reply = '';
    try {
      // Streamed, as the answerer reads its model: invoke() on a streaming model would count tokens
      // with a tokenizer it downloads at run time, which an offline installation cannot do.
      const stream = await this.model.stream(
        [
          new SystemMessage(JUDGE_INSTRUCTIONS),
          new HumanMessage(
            `Question:\n${question}\n\nAnswer:\n${record.response}\n\nPassages:\n${passages || '(none)'}`,
          ),
        ],
        { signal: AbortSignal.timeout(this.timeoutMs) },
      );
      for await (const chunk of stream) if (typeof chunk.content === 'string') reply += chunk.content;
    } catch (err) {
      return { verdict: 'unscored', reason: `the judge failed: ${(err as Error).message}`, goldRank: null };
    }
    const match = /^\W*(correct|missing|incorrect)\b\W*(.*)$/is.exec(reply.trim());
    if (!match)
      return {
        verdict: 'unscored',
        reason: `the judge gave no verdict: ${reply.slice(0, 200)}`,
        goldRank: null,
      };
    const verdict = match[1]!.toLowerCase() as Score['verdict'];
    const why = match[2]!.split('\n')[0]!.trim();
    return { verdict, reason: `judged: ${why || verdict}`, goldRank: null };
  }
}
