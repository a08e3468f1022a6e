import { normaliseMarkdown } from './markdown-dialect';

/** A row of an MkDocs reference table, as Traefik's docs write each option. */
const ROW =
  '| <a id="opt-log-format" href="#opt-log-format" title="#opt-log-format">`log.format`</a> | ' +
  'Log format (`common` or `json`).<br /> The fields of `common` cannot be customized. | "common" |';

describe('inline HTML in Markdown', () => {
  it('keeps an anchor’s text and a line break as a space, in a table row of every dialect', () => {
    for (const dialect of ['markdown', 'mkdocs', 'hugo', 'docusaurus'] as const)
      expect(normaliseMarkdown(ROW, dialect)).toBe(
        '| `log.format` | Log format (`common` or `json`). The fields of `common` cannot be customized. | "common" |',
      );
  });

  it('writes a link to another page as a Markdown link and drops an empty anchor', () => {
    expect(
      normaliseMarkdown('<a name="top"></a>See <a href="https://x.example/a">the guide</a>.', 'markdown'),
    ).toBe('See [the guide](https://x.example/a).');
  });

  it('leaves HTML shown in code as written', () => {
    const code = 'Write `<br />` or:\n\n```html\n<a id="x" href="#x">x</a>\n```';
    expect(normaliseMarkdown(code, 'markdown')).toBe(code);
  });
});
