import type { Source } from '@docqa/contracts';
import { toMrkdwn } from './slack-mrkdwn';

const source = (url: string | null): Source =>
  ({
    document_id: 'd',
    chunk_id: 'c',
    title: 'Tokens',
    url,
    snippet: '',
    score: 1,
    cited: true,
    metadata: {},
  }) as Source;

describe('toMrkdwn', () => {
  it('turns bold, emphasis, inline code and links into Slack mrkdwn', () => {
    expect(
      toMrkdwn('Use **tokens** with _care_, see `docqa tokens` and [the guide](https://x.test/g).'),
    ).toBe('Use *tokens* with _care_, see `docqa tokens` and <https://x.test/g|the guide>.');
  });

  it('keeps code blocks as written, without their language, escaping only Slack control characters', () => {
    expect(toMrkdwn('Run:\n\n```bash\nnpm run docqa -- tokens create --tenant a <b>\n```')).toBe(
      'Run:\n```\nnpm run docqa -- tokens create --tenant a &lt;b&gt;\n```',
    );
  });

  it('writes headings as bold lines and lists with bullets and numbers', () => {
    expect(toMrkdwn('## Steps\n\n1. Open **Tokens**\n2. Create one\n\n- a\n- b')).toBe(
      '*Steps*\n1. Open *Tokens*\n2. Create one\n• a\n• b',
    );
  });

  it('escapes Slack control characters in text', () => {
    expect(toMrkdwn('a < b & c > d')).toBe('a &lt; b &amp; c &gt; d');
  });

  it('links a citation to its source page, and leaves one without a page as it is', () => {
    expect(toMrkdwn('Revoke it [1] or wait [2].', [source('https://x.test/t'), source(null)])).toBe(
      'Revoke it <https://x.test/t|[1]> or wait [2].',
    );
  });
});
