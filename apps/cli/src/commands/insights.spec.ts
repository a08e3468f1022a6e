import type { Gaps, Insights } from '@docqa/contracts';
import { gapsTables, insightsTables } from './insights';

// A visitor's question may hold line breaks, tabs and terminal escape sequences.
const HOSTILE = 'Is there\na \u001b[31mdark\u001b[0m mode?\u001b]0;owned\u0007\tplease';
const SHOWN = 'Is there a [31mdark[0m mode?]0;owned please';

const insights: Insights = {
  from: '2026-11-01T00:00:00.000Z',
  to: '2026-11-02T00:00:00.000Z',
  interval: 'day',
  totals: {
    questions: 3,
    not_covered: 1,
    failed: 0,
    thumbs_up: 0,
    thumbs_down: 0,
    p50_ready_ms: 300,
    p50_first_partial_ms: 200,
  },
  series: [],
  top_questions: [
    { text: HOSTILE, count: 2 },
    { text: 'How do I revoke a token?', count: 1 },
  ],
  top_documents: [{ document_id: 'tokens', title: 'Tokens\r\nand keys', url: null, citations: 1 }],
  by_channel: [],
  searches: { total: 0, no_results: 0, top: [], top_no_results: [] },
};

describe('insightsTables', () => {
  it('prints each top question on one line, without control characters, aligned with the others', () => {
    const out = insightsTables(insights);
    expect(out).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f]/);
    const rows = out.split('\n').filter((l) => / [12]$/.test(l));
    // Padded to the widest cell: the question's printable text, then the `count` column (5 wide).
    const pad = (text: string) => text.padEnd(SHOWN.length);
    expect(rows).toEqual([
      `${pad(SHOWN)}      2`,
      `${pad('How do I revoke a token?')}      1`,
      'Tokens and keys          1',
    ]);
  });
});

describe('gapsTables', () => {
  it('prints labels, questions and titles on one line each, without control characters', () => {
    const gaps: Gaps = {
      clusters: [
        {
          id: 'q_1',
          label: HOSTILE,
          count: 1,
          questions: [
            {
              question_id: 'q_1',
              chat_id: 'c_1',
              text: HOSTILE,
              at: '2026-11-01T10:00:00.000Z',
              reason: 'not_covered',
            },
          ],
          nearest_documents: [
            { document_id: 'tokens', title: 'Tokens\nand keys', url: 'https://docs.acme.com/tokens' },
          ],
        },
      ],
    };
    expect(gapsTables(gaps)).toBe(
      [
        `1 × ${SHOWN}`,
        `    2026-11-01  not covered  ${SHOWN}`,
        '    → Tokens and keys  https://docs.acme.com/tokens',
        '',
      ].join('\n'),
    );
  });
});
