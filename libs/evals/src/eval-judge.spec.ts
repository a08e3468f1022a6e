import { FakeListChatModel } from '@langchain/core/utils/testing';
import type { QuestionRecord } from '@docqa/contracts';
import { ModelJudge } from './eval-judge';

const record: QuestionRecord = {
  id: 'q_1',
  text: 'How do I revoke a token?',
  response: 'Run tokens revoke with its id [1].',
  is_ready: true,
  chat_id: 'c_1',
  status: 'ready',
  sources: [
    {
      document_id: 'tokens',
      chunk_id: 't#0',
      title: 'Tokens',
      url: null,
      snippet: 'Revoke a token with tokens revoke and its id.',
      score: 1,
      cited: true,
      metadata: {},
    },
  ],
  created_at: '2026-11-29T08:00:00.000Z',
  updated_at: '2026-11-29T08:00:01.000Z',
};

const judge = (reply: string) => new ModelJudge(new FakeListChatModel({ responses: [reply] }));

describe('ModelJudge', () => {
  it("takes the model's verdict and its reason", async () => {
    await expect(
      judge('Correct: it names the command the passage gives.').judge(record.text, record),
    ).resolves.toEqual({
      verdict: 'correct',
      reason: 'judged: it names the command the passage gives.',
      goldRank: null,
    });
    await expect(judge('incorrect - wrong command').judge(record.text, record)).resolves.toMatchObject({
      verdict: 'incorrect',
    });
  });

  it('leaves the item unscored when the reply is not a verdict, never guessing', async () => {
    await expect(judge('The answer seems fine to me.').judge(record.text, record)).resolves.toEqual({
      verdict: 'unscored',
      reason: 'the judge gave no verdict: The answer seems fine to me.',
      goldRank: null,
    });
  });

  it('sends the question, the answer and the passages', async () => {
    const model = new FakeListChatModel({ responses: ['missing: the passage answers it'] });
    const seen: string[] = [];
    const stream = model.stream.bind(model);
    model.stream = async (input, options) => {
      seen.push(JSON.stringify(input));
      return stream(input, options);
    };
    await new ModelJudge(model).judge(record.text, record);
    expect(seen[0]).toContain('How do I revoke a token?');
    expect(seen[0]).toContain('Run tokens revoke with its id [1].');
    expect(seen[0]).toContain('[1] Tokens\\nRevoke a token with tokens revoke and its id.');
  });
});
