import { normaliseMarkdown } from './markdown-dialect';
import { hasMyst, normaliseMyst } from './myst-markdown';

/** A page shaped as Black's docs write theirs (Sphinx with `myst_parser`). */
const page = [
  '(labels/line-ranges)=',
  '',
  '#### `--line-ranges`',
  '',
  'See {doc}`The basics <./the_basics>` and {doc}`the_basics`; pass {option}`--fast` or {py:func}`black.format_str`.',
  '',
  '```{note}',
  'Due to [#4052](https://github.com/psf/black/issues/4052), `--line-ranges` might format extra lines.',
  '```',
  '',
  '```{admonition} Careful',
  ':class: warning',
  '',
  'Pin the version.',
  '```',
  '',
  '```{code-block} toml',
  ':caption: pyproject.toml',
  '[tool.black]',
  'line-length = 88',
  '```',
  '',
  '```{toctree}',
  ':hidden:',
  '',
  'the_basics',
  '```',
  '',
  ':::{tip}',
  'Run it in CI.',
  ':::',
  '',
  '```{rubric} Contents',
  '```',
  '',
  '```{r}',
  'summary(cars)',
  '```',
  '',
  '```markdown',
  '```{note}',
  '```',
].join('\n');

describe('normaliseMyst', () => {
  it('reads directives as a reader sees them: admonitions labelled, code in its language, machinery dropped', () => {
    const text = normaliseMyst(page);
    expect(text).toContain(
      '> **Note:** Due to [#4052](https://github.com/psf/black/issues/4052), `--line-ranges` might format extra lines.',
    );
    expect(text).toContain('> **Careful:** Pin the version.');
    expect(text).toContain('```toml\n[tool.black]\nline-length = 88\n```');
    expect(text).toContain('> **Tip:** Run it in CI.');
    expect(text).toContain('**Contents**');
    expect(text).not.toMatch(/toctree|:hidden:|:caption:|:class:|\(labels\/line-ranges\)=/);
  });

  it('reads roles as their text, a code role as code', () => {
    expect(normaliseMyst(page)).toContain(
      'See The basics and the_basics; pass `--fast` or `black.format_str`.',
    );
  });

  it("leaves another tool's braced code cell and directives shown in code as written", () => {
    const text = normaliseMyst(page);
    expect(text).toContain('```{r}\nsummary(cars)\n```');
    expect(text).toContain('```markdown\n```{note}\n```');
  });

  it('is applied to plain Markdown that holds MyST markup, not to other pages', () => {
    expect(hasMyst(page)).toBe(true);
    expect(hasMyst('# Title\n\n```python\nx = 1\n```')).toBe(false);
    // A template placeholder in a code span before another code span is no role (pnpm's `.npmrc`).
    const npmrc = 'Use the `${NAME}` syntax; `${NAME:-fallback}` returns `fallback`.';
    expect(hasMyst(npmrc)).toBe(false);
    expect(normaliseMarkdown('(labels/why)=\n\n## Why', 'markdown').trim()).toBe('## Why');
    expect(normaliseMyst(npmrc)).toBe(npmrc);
    expect(normaliseMarkdown(page, 'markdown')).toContain('> **Tip:** Run it in CI.');
  });
});
