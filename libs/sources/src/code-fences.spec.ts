import { CodeFences } from './code-fences';

/** Which lines of `text` the reader places in fenced blocks. */
const fenced = (text: string) => {
  const fences = new CodeFences();
  return text.split('\n').map((line) => fences.read(line));
};

describe('CodeFences', () => {
  it('closes a block at a run of its character at least as long, at most three columns in', () => {
    expect(fenced('```sh\nls\n````\nafter')).toEqual([true, true, true, false]);
    expect(fenced('~~~\n```\n~~~\nafter')).toEqual([true, true, true, false]);
    // Four columns in is code of the block, not its end.
    expect(fenced('```\n    ```\n```\nafter')).toEqual([true, true, true, false]);
  });

  it("closes a block opened in a list item's text at a fence up to three columns past it", () => {
    // Grafana Loki's operations/meta-monitoring/deploy.md: opened at three columns, closed at four.
    const text = ['1. Check:', '', '   ```bash', '   kubectl get pods', '    ```', '', 'See [the mixin](x).'];
    expect(fenced(text.join('\n'))).toEqual([false, false, true, true, true, false, false]);
  });
});
