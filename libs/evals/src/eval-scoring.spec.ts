import type { EvalItem, EvalResult, QuestionRecord, Source } from '@docqa/contracts';
import { compareRuns } from './eval-comparison';
import { scoreAnswer } from './eval-scoring';

function source(url: string | null, cited: boolean): Source {
  return {
    document_id: url ?? 'doc',
    chunk_id: 'c#0',
    title: 'Page',
    url,
    snippet: '',
    score: 1,
    cited,
    metadata: {},
  };
}

function record(
  response: string,
  sources: Source[],
  status: QuestionRecord['status'] = 'ready',
): QuestionRecord {
  return {
    id: 'q_1',
    text: 'q',
    response,
    is_ready: true,
    chat_id: 'c_1',
    status,
    sources,
    created_at: '2026-11-29T08:00:00.000Z',
    updated_at: '2026-11-29T08:00:01.000Z',
  };
}

const tokens = 'https://docs.example.com/guide/tokens';
const item = (expect: EvalItem['expect']): EvalItem => ({
  id: 'i_1',
  question: 'How do I revoke a token?',
  expect,
});

describe('scoreAnswer', () => {
  it('counts an answer with every key string that cites a gold page as correct', () => {
    const score = scoreAnswer(
      item({ key_strings: ['tokens revoke'], gold_urls: [tokens] }),
      record('Run `Tokens  Revoke` with its id [1].', [source(`${tokens}#revoking`, true)]),
    );
    expect(score).toEqual({ verdict: 'correct', reason: expect.any(String), goldRank: 1 });
  });

  it('matches a gold page given as a path on any host, ignoring anchors and trailing slashes', () => {
    const score = scoreAnswer(
      item({ gold_urls: ['/guide/tokens/'] }),
      record('See [2].', [source('https://other.example/install', false), source(`${tokens}#x`, true)]),
    );
    expect(score).toMatchObject({ verdict: 'correct', goldRank: 2 });
  });

  it('counts an answer without a key string as incorrect and says which is absent', () => {
    const score = scoreAnswer(
      item({ key_strings: ['tokens revoke', 'at once'] }),
      record('Revoke it at once [1].', [source(tokens, true)]),
    );
    expect(score).toMatchObject({ verdict: 'incorrect', reason: 'answered without "tokens revoke"' });
  });

  it('counts an answer that cites no gold page as incorrect, though the gold page was retrieved', () => {
    const score = scoreAnswer(
      item({ gold_urls: [tokens] }),
      record('See [1].', [source('https://docs.example.com/install', true), source(tokens, false)]),
    );
    expect(score).toEqual({ verdict: 'incorrect', reason: 'answered citing no gold page', goldRank: 2 });
  });

  it('counts a declined answer as missing when the documents cover the question', () => {
    const score = scoreAnswer(
      item({ key_strings: ['revoke'] }),
      record('I could not find this.', [source(tokens, false)]),
    );
    expect(score.verdict).toBe('missing');
  });

  it('counts a failed answer as missing, with the failure', () => {
    const failed = {
      ...record('', [], 'failed'),
      error: { type: 'about:blank', title: 'Model unavailable', status: 503 },
    };
    expect(scoreAnswer(item({ key_strings: ['revoke'] }), failed)).toMatchObject({
      verdict: 'missing',
      reason: 'the answer failed: Model unavailable',
    });
  });

  it('counts declining as correct, and answering as incorrect, when not_covered is expected', () => {
    const notCovered = item({ not_covered: true });
    expect(scoreAnswer(notCovered, record('I could not find this.', [])).verdict).toBe('correct');
    expect(scoreAnswer(notCovered, record('Yes [1].', [source(tokens, true)])).verdict).toBe('incorrect');
  });

  it('leaves an item without expectations unscored rather than guessing', () => {
    expect(scoreAnswer(item(undefined), record('Yes [1].', [source(tokens, true)]))).toEqual({
      verdict: 'unscored',
      reason: 'no expectations to score by',
      goldRank: null,
    });
  });
});

describe('compareRuns', () => {
  const result = (id: string, verdict: EvalResult['verdict'], answer: string): EvalResult => ({
    item: { id, question: `question ${id}` },
    question_id: null,
    verdict,
    reason: verdict,
    answer,
    sources: [],
    gold_rank: null,
    latency_ms: 10,
  });

  it('lists items that went from correct to something else, with both answers, and the fixed ones', () => {
    const before = [
      result('a', 'correct', 'old a'),
      result('b', 'missing', 'old b'),
      result('c', 'correct', 'c'),
    ];
    const after = [
      result('a', 'incorrect', 'new a'),
      result('b', 'correct', 'new b'),
      result('c', 'correct', 'c'),
      result('d', 'missing', 'd'),
    ];
    expect(compareRuns('e_base', before, after)).toEqual({
      baseline_run_id: 'e_base',
      regressions: [
        {
          item_id: 'a',
          question: 'question a',
          before: { verdict: 'correct', answer: 'old a', reason: 'correct' },
          after: { verdict: 'incorrect', answer: 'new a', reason: 'incorrect' },
        },
      ],
      fixed: ['b'],
    });
  });
});
