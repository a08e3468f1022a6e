import { inCodeBlock, linkFaults, markupInAnswer } from './answer-checks';

const answer = (text: string, urls: string[] = []) => ({
  text,
  words: 0,
  sources: urls.map((url, i) => ({ document_id: `d${i}`, url, title: '', snippet: '', score: 1 })),
});

describe('outside check of an answer', () => {
  it('finds a command only inside a fenced code block', () => {
    expect(inCodeBlock('Add:\n\n```\nbackup-at 02:00\n```\n', 'backup-at 02:00')).toBe(true);
    expect(inCodeBlock('Add `backup-at 02:00` to the file.', 'backup-at 02:00')).toBe(false);
  });

  it('names links that are no published page and tells links outside the base URL apart', () => {
    const base = 'https://kiln.example/docs/';
    const faults = linkFaults(
      answer(
        '[a](https://kiln.example/docs/guide/_index) [b](https://kiln.example/docs/x/%7B%7B%3C%20relref) ' +
          '[c](guide/setup.md) [d](https://kiln.example/commands/get) [e](https://other.example/a.md)',
        ['https://kiln.example/docs/guide/setup/#linux'],
      ) as never,
      base,
    );
    expect(faults.map((f) => f.kind)).toEqual(['file-link', 'encoded-link', 'file-link', 'off-site-link']);
  });

  it('finds a shortcode left in the prose, not one shown in code', () => {
    expect(markupInAnswer('Done.\n\n{{< /warning >}}')).toEqual(['shortcode: {{<', 'shortcode: >}}']);
    expect(markupInAnswer('Write `{{< note >}}` around it.')).toEqual([]);
  });
});
