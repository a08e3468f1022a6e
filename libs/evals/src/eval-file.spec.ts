import { ValidationError } from '@docqa/errors';
import { parseEvalFile } from './eval-file';

function refusal(format: 'jsonl' | 'csv', content: string): ValidationError {
  try {
    parseEvalFile(format, content);
  } catch (err) {
    if (err instanceof ValidationError) return err;
    throw err;
  }
  throw new Error('the file was accepted');
}

describe('parseEvalFile', () => {
  it('reads JSONL items with chats and expectations, skipping blank lines', () => {
    const items = parseEvalFile(
      'jsonl',
      '{"question":"How do I revoke a token?","expect":{"key_strings":["tokens revoke"]}}\n\n' +
        '{"question":"And rotate it?","chat":["How do I create a token?"],"expect":{"not_covered":true}}\n',
    );
    expect(items).toEqual([
      { question: 'How do I revoke a token?', expect: { key_strings: ['tokens revoke'] } },
      { question: 'And rotate it?', chat: ['How do I create a token?'], expect: { not_covered: true } },
    ]);
  });

  it('refuses a JSONL file with bad lines, naming each line and its reason', () => {
    const err = refusal(
      'jsonl',
      '{"question":"ok"}\nnot json\n{"question":""}\n{"question":"x","expect":{"gold":["a"]}}\n',
    );
    expect(err.message).toBe('3 line(s) of the file are not valid items; nothing was imported');
    expect(err.errors).toEqual([
      { path: 'line 2', message: 'not valid JSON' },
      { path: 'line 3', message: expect.stringMatching(/^question: /) },
      { path: 'line 4', message: expect.stringMatching(/^expect: Unrecognized key: "gold"/) },
    ]);
  });

  it('reads CSV with quoted cells and |-separated lists', () => {
    const items = parseEvalFile(
      'csv',
      'question,key_strings,gold_urls,not_covered\n"Revoke, how?",tokens revoke|at once,/guide/tokens,\nIs there a dark mode?,,,true\n',
    );
    expect(items).toEqual([
      {
        question: 'Revoke, how?',
        expect: { key_strings: ['tokens revoke', 'at once'], gold_urls: ['/guide/tokens'] },
      },
      { question: 'Is there a dark mode?', expect: { not_covered: true } },
    ]);
  });

  it('refuses CSV with an unknown column or a bad not_covered cell', () => {
    expect(refusal('csv', 'question,answer\nq,a\n').errors).toEqual([
      { path: 'line 1', message: expect.stringContaining('(not answer)') },
    ]);
    expect(refusal('csv', 'question,not_covered\nq,maybe\n').errors).toEqual([
      { path: 'line 2', message: 'not_covered: must be true or false, not "maybe"' },
    ]);
  });

  it('refuses an empty file', () => {
    expect(refusal('jsonl', '\n\n').message).toBe('the file holds no items');
  });
});
