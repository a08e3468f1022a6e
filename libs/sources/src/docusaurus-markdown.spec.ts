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

  it("reads Fumadocs' and Nextra's callouts as labelled quotes, by title, else type, else Note", () => {
    const page = [
      '<Callout>',
      '  Upgrade to the latest version (≥ 1.0.0) to use this feature.',
      '</Callout>',
      '',
      '<Callout type="warn" emoji="⚠️">',
      '  If a cache provider is used, the global `mutate` will **not** work.<br/>',
      '  See also: [Mutation](/docs/mutation).',
      '</Callout>',
      '',
      '<Callout type="info" title="Server Components">Only in the app router.</Callout>',
      '',
      '```mdx',
      '<Callout type="error">Shown as code.</Callout>',
      '```',
    ].join('\n');
    const text = normaliseDocusaurus(page);
    expect(text).toContain('> **Note:** Upgrade to the latest version (≥ 1.0.0) to use this feature.');
    expect(text).toMatch(
      /^> \*\*Warning:\*\* If a cache provider is used, the global `mutate` will \*\*not\*\* work\.(<br\/>)?\s*\n> See also: \[Mutation\]\(\/docs\/mutation\)\.$/m,
    );
    expect(text).toContain('> **Server Components:** Only in the app router.');
    expect(text).toContain('```mdx\n<Callout type="error">Shown as code.</Callout>\n```');
  });

  it("keeps a Fumadocs heading's id (`[#id]`) as its anchor and drops its step mark, outside code", () => {
    const page =
      '## Cache Provider [#cache-provider]\n\n### Install [step]\n\n### Run [#run] [step]\n\nText.\n\n```md\n## Shown [#as-written]\n```';
    expect(normaliseDocusaurus(page)).toBe(
      '## Cache Provider {#cache-provider}\n\n### Install\n\n### Run {#run}\n\nText.\n\n```md\n## Shown [#as-written]\n```',
    );
  });

  it('keeps the code a callout quotes as written, JSX and all', () => {
    const page = [
      '<Callout title="Want further customizations?">',
      '',
      'Pass a `banner`:',
      '',
      '```tsx',
      '<DocsLayout sidebar={{ banner: <div>Hello</div> }}>',
      '  {children}',
      '</DocsLayout>',
      '```',
      '',
      '</Callout>',
    ].join('\n');
    expect(normaliseDocusaurus(page)).toBe(
      [
        '> **Want further customizations?** Pass a `banner`:',
        '>',
        '> ```tsx',
        '> <DocsLayout sidebar={{ banner: <div>Hello</div> }}>',
        '>   {children}',
        '> </DocsLayout>',
        '> ```',
      ].join('\n'),
    );
  });

  it("reads Fumadocs' package-install block as the shell command and its tabs (`<Tab value>`) as labelled parts", () => {
    const page = [
      '```package-install',
      'npm i swr',
      '```',
      '',
      "<Tabs items={['npm', 'pnpm']}>",
      '<Tab value="npm">',
      'Run `npm test`.',
      '</Tab>',
      '<Tab value="pnpm">',
      'Run `pnpm test`.',
      '</Tab>',
      '</Tabs>',
    ].join('\n');
    const text = normaliseDocusaurus(page);
    expect(text).toContain('```bash\nnpm i swr\n```');
    expect(text).toContain('**npm**:\n\nRun `npm test`.');
    expect(text).toContain('**pnpm**:\n\nRun `pnpm test`.');
  });

  it('labels a code block by the title its fence names, in a list item too, and leaves code alone', () => {
    const page = [
      '```js tab title="jest.config.js"',
      'module.exports = {};',
      '```',
      '',
      '1. Add the plugin:',
      '',
      "   ```ts {3} title='rspress.config.ts' showLineNumbers",
      '   export default {};',
      '   ```',
      '',
      '````md',
      '```js title="shown.js"',
      '````',
    ].join('\n');
    const text = normaliseDocusaurus(page);
    expect(text).toContain('**jest.config.js**:\n\n```js\nmodule.exports = {};\n```');
    expect(text).toContain('   **rspress.config.ts**:\n\n   ```ts\n   export default {};\n   ```');
    expect(text).toContain('````md\n```js title="shown.js"\n````');
  });

  it("reads inline code with its language (Nextra's `true{:js}`) as its code, leaving code blocks alone", () => {
    const page = 'Set `search: false{:js}` or `{ codeblocks: false }{:js}`.\n\n```md\n`x{:js}`\n```';
    expect(normaliseDocusaurus(page)).toBe(
      'Set `search: false` or `{ codeblocks: false }`.\n\n```md\n`x{:js}`\n```',
    );
  });

  it("labels Fumadocs' and Nextra's tabs by their Tabs' items, one-line tabs too", () => {
    const page = [
      "<Tabs items={['Javascript', 'Rust']}>",
      '  <Tab value="Javascript">Javascript is weird</Tab>',
      '  <Tab value="Rust">Rust is fast</Tab>',
      '</Tabs>',
      '',
      "<Tabs items={['Server builds', 'Static exports']}>",
      '  <Tabs.Tab>',
      '    Run `next build`.',
      '  </Tabs.Tab>',
      '  <Tabs.Tab>',
      '    Run `next build` with `output: "export"`.',
      '  </Tabs.Tab>',
      '</Tabs>',
      '',
      "<Tabs items={['npm', 'pnpm']}>",
      '<Tab>npm i fumadocs-ui</Tab>',
      '<Tab>pnpm add fumadocs-ui</Tab>',
      '</Tabs>',
    ].join('\n');
    const text = normaliseDocusaurus(page);
    expect(text).toContain('**Javascript**:\n\nJavascript is weird');
    expect(text).toContain('**Rust**:\n\nRust is fast');
    expect(text).toContain('**Server builds**:\n\nRun `next build`.');
    expect(text).toContain('**Static exports**:\n\nRun `next build` with `output: "export"`.');
    expect(text).toContain('**npm**:\n\nnpm i fumadocs-ui');
    expect(text).toContain('**pnpm**:\n\npnpm add fumadocs-ui');
    expect(text).not.toMatch(/<\/?Tab/);
  });
});
