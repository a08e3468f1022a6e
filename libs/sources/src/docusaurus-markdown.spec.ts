import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { normaliseDocusaurus } from './docusaurus-markdown';

const install = readFileSync(
  join(__dirname, 'testing/dialects/docusaurus/docs/01-guides/02-install.mdx'),
  'utf8',
);

describe('normaliseDocusaurus', () => {
  it('turns :::kind Title admonitions, both title forms, into labelled quotes', () => {
    const text = normaliseDocusaurus(install);
    expect(text).toContain('> **Before you start:** You need **Node.js 20** or later.');
    expect(text).toContain('> **Breaking change:** Version 3 renamed `init` to `setup`.');
    expect(text).not.toContain(':::');
  });

  it('keeps nested admonitions nested, and the kind as the label when no title is given', () => {
    const text = normaliseDocusaurus('::::info\nOuter.\n\n:::danger\nInner.\n:::\n\n::::');
    expect(text).toBe('> **Info:** Outer.\n>\n> > **Danger:** Inner.');
  });

  it('keeps each tab as a labelled part and drops imports and components without text', () => {
    const text = normaliseDocusaurus(install);
    expect(text).toContain('**npm**:\n\n```bash\nnpm install @acme/sdk\n```');
    expect(text).toContain('**Yarn**:\n\n```bash\nyarn add @acme/sdk\n```');
    expect(text).not.toMatch(/import|<Tabs|<TabItem|<Video/);
  });

  it('leaves admonition markers in code blocks alone', () => {
    const mdx = '```md\n:::note\nShown.\n:::\n```';
    expect(normaliseDocusaurus(mdx)).toBe(mdx);
  });

  it('does not leave prose indented under a component, which Markdown would read as code', () => {
    expect(normaliseDocusaurus('<Card>\n\n    Read the guide first.\n\n</Card>')).toBe(
      'Read the guide first.',
    );
  });
});
