import { fenceIndentedCode } from './indented-code';

describe('fenceIndentedCode', () => {
  it('fences a block indented four columns after a blank line, blank lines inside kept', () => {
    expect(fenceIndentedCode('For example:\n\n    save 60 1000\n\n    save 300 10\n\nThen restart.')).toBe(
      'For example:\n\n```\nsave 60 1000\n\nsave 300 10\n```\n\nThen restart.',
    );
  });

  it('fences code indented past a list item’s text inside the item, and leaves continuations alone', () => {
    expect(fenceIndentedCode('1. Run:\n\n        redis-cli ping\n\n   It answers PONG.')).toBe(
      '1. Run:\n\n   ```\n   redis-cli ping\n   ```\n\n   It answers PONG.',
    );
    expect(fenceIndentedCode('- item\n\n  more of the item')).toBe('- item\n\n  more of the item');
  });

  it('reads a fenced block inside a list item as code, so its lines are no list items', () => {
    // MkDocs Material's code annotations: a block whose `- projects:` once read as a list item
    // deeper than the annotation's, so the paragraph after it was fenced as indented code.
    const text = [
      '1.  If all projects share the same location.',
      '',
      '    ``` yaml',
      '    plugins:',
      '      - projects:',
      '    ```',
      '',
      '    This configuration fits:',
      '',
      '    ``` { .sh .no-copy }',
      '    └─ mkdocs.yml',
      '    ```',
    ].join('\n');
    expect(fenceIndentedCode(text)).toBe(text);
  });

  it('reads a fenced block inside a definition (`:   text`) as code, not as indented code', () => {
    const text = [
      '`type`',
      '',
      ':   The format of the date to be displayed:',
      '',
      '    ``` yaml',
      '    plugins:',
      '      - git-revision-date-localized:',
      '          type: date',
      '    ```',
    ].join('\n');
    expect(fenceIndentedCode(text)).toBe(text);
  });

  it('leaves a paragraph’s indented continuation and fenced blocks as they are', () => {
    const text = 'A paragraph\n    continued.\n\n```\n    indented in a fence\n```';
    expect(fenceIndentedCode(text)).toBe(text);
  });
});
