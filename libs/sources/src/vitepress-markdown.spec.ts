import { detectDialect, normaliseMarkdown, repositoryDialect } from './markdown-dialect';
import { vitepressSlug } from './vitepress-markdown';

/** Shaped like Vite's docs (`guide/index.md`, `guide/env-and-mode.md`, `guide/build.md`). */
const SCAFFOLDING = [
  '<script setup>',
  "import { data } from './deps.data.ts'",
  '</script>',
  '',
  '## Scaffolding Your First Vite Project',
  '',
  '::: code-group',
  '',
  '```bash [npm]',
  '$ npm create vite@latest',
  '```',
  '',
  '```bash [Yarn]',
  '$ yarn create vite',
  '```',
  '',
  ':::',
  '',
  '<ScrimbaLink href="https://scrimba.com/x" title="Scaffolding">Watch an interactive lesson</ScrimbaLink>',
  '',
  '::: tip Compatibility Note',
  'Vite requires Node.js version 20.19+.',
  ':::',
  '',
  ':::: details Using create vite with command line options',
  '',
  'To scaffold a Vite + Vue project, run:',
  '',
  '::: code-group',
  '',
  '```bash [npm]',
  '# npm 7+, extra double-dash is needed:',
  '$ npm create vite@latest my-vue-app -- --template vue',
  '```',
  '',
  ':::',
  '',
  '::::',
  '',
  '<style>',
  '.stackblitz-links { display: flex; }',
  '</style>',
].join('\n');

describe('VitePress Markdown', () => {
  it('reads code groups as parts labelled by their fences, containers as labelled quotes', () => {
    const text = normaliseMarkdown(SCAFFOLDING, 'vitepress');
    expect(text).toContain(
      '## Scaffolding Your First Vite Project {#scaffolding-your-first-vite-project}\n\n' +
        '**npm**:\n\n```bash\n$ npm create vite@latest\n```',
    );
    expect(text).toContain('**Yarn**:\n\n```bash\n$ yarn create vite\n```');
    expect(text).toContain('Watch an interactive lesson');
    expect(text).toContain('> **Compatibility Note:** Vite requires Node.js version 20.19+.');
    expect(text).toContain(
      '> **Using create vite with command line options:** To scaffold a Vite + Vue project, run:\n>\n' +
        '> **npm**:\n>\n> ```bash\n> # npm 7+, extra double-dash is needed:\n' +
        '> $ npm create vite@latest my-vue-app -- --template vue\n> ```',
    );
    expect(text).not.toMatch(
      /:::|code-group|\[npm\]|ScrimbaLink|<script|import \{ data|<style|display: flex/,
    );
  });

  it('keeps of a code block what its reader sees: the language, not TwoSlash’s hidden lines or Shiki’s notations', () => {
    const page = [
      'Assets can be imported as strings using the `?raw` suffix.',
      '',
      '```js twoslash',
      "import 'vite/client'",
      '// ---cut---',
      "import shaderString from './shader.glsl?raw'",
      '```',
      '',
      '```ts{2}',
      'export default defineConfig({',
      '  plugins: [legacy()], // [!code ++]',
      '  plugins: [], // [!code --]',
      "  base: '/app/', // [!code focus]",
      '  // @noErrors: a comment outside TwoSlash',
      '})',
      '```',
      '',
      '```[.env]',
      'VITE_SOME_KEY=123',
      '```',
      '',
      '```js twoslash [vite.config.js]',
      "import { defineConfig } from 'vite'",
      '// @errors: 2322',
      'const x = 1',
      '//    ^?',
      '```',
    ].join('\n');
    const text = normaliseMarkdown(page, 'vitepress');
    expect(text).toContain("```js\nimport shaderString from './shader.glsl?raw'\n```");
    expect(text).toContain(
      "```ts\nexport default defineConfig({\n  plugins: [legacy()],\n  base: '/app/',\n" +
        '  // @noErrors: a comment outside TwoSlash\n})\n```',
    );
    expect(text).toContain('**.env**:\n\n```\nVITE_SOME_KEY=123\n```');
    expect(text).toContain(
      "**vite.config.js**:\n\n```js\nimport { defineConfig } from 'vite'\nconst x = 1\n```",
    );
    expect(text).not.toMatch(/---cut---|\[!code|twoslash|\{2\}|\^\?|@errors|plugins: \[\]/);
  });

  it('reads a container nested with as many colons as the markdown-it container it ends with, and tabs by their labels', () => {
    const page = [
      '::: warning In-Source Testing {#in-source-testing}',
      'Annotate the variable:',
      '',
      '::: code-group',
      '```ts [Annotated variable]',
      'const { test } = import.meta.vitest // [!code ++]',
      '```',
      ':::',
      '',
      '## assert',
      '',
      ':::tabs key:provider',
      '== Playwright',
      '',
      'Pin your version.',
      '',
      '== WebdriverIO',
      '',
      'Install Chrome.',
      ':::',
    ].join('\n');
    const text = normaliseMarkdown(page, 'vitepress');
    expect(text).toContain(
      '> **In-Source Testing:** Annotate the variable:\n>\n> **Annotated variable**:\n>\n' +
        '> ```ts\n> const { test } = import.meta.vitest\n> ```',
    );
    expect(text).toContain('## assert {#assert}');
    expect(text).toContain('**Playwright**:\n\nPin your version.\n\n**WebdriverIO**:\n\nInstall Chrome.');
    expect(text).not.toMatch(/:::|==|\{#in-source/);
  });

  it('keeps a labelled code block in the list item it is written in', () => {
    const page = '1. **Create a Workflow**\n\n   ```yaml [deploy.yml]\n   name: Deploy\n   ```\n\n2. Push.';
    expect(normaliseMarkdown(page, 'vitepress')).toBe(
      '1. **Create a Workflow**\n\n   **deploy.yml**:\n\n   ```yaml\n   name: Deploy\n   ```\n\n2. Push.',
    );
  });

  it('drops the lines of a Vue template filled in from data, and layout tags', () => {
    const page = [
      '## Notable Dependencies',
      '',
      '<div class="deps-list notable">',
      '  <div v-for="dep in data.notableDependencies" :key="dep.name" class="dep-item">',
      '      <a :href="npmUrl(dep.name)"><code>{{ dep.name }}</code></a>',
      '    <p v-if="dep.description">{{ dep.description }}</p>',
      '  </div>',
      '</div>',
      '',
      '[[toc]]',
      '',
      '{#projects-config}',
      '',
      'Vite depends on these projects.',
    ].join('\n');
    // The layout tags' lines are left empty.
    expect(normaliseMarkdown(page, 'vitepress').replace(/\n{3,}/g, '\n\n')).toBe(
      '## Notable Dependencies {#notable-dependencies}\n\nVite depends on these projects.',
    );
  });

  it('gives headings VitePress’s anchors, a custom one kept', () => {
    expect(vitepressSlug('server.host')).toBe('server-host');
    expect(vitepressSlug('Dev Containers / VS Code Port Forwarding')).toBe(
      'dev-containers-vs-code-port-forwarding',
    );
    expect(vitepressSlug('`Error: Cannot find module`')).toBe('error-cannot-find-module');
    expect(vitepressSlug('input <NonInheritBadge />')).toBe('input');
    expect(vitepressSlug('[Vite](https://vite.dev) 5.0 _beta_')).toBe('vite-5-0-beta');
    expect(vitepressSlug('431 Request Header Fields Too Large')).toBe('_431-request-header-fields-too-large');
    expect(vitepressSlug('Crème brûlée')).toBe('creme-brulee');
    const page =
      '## server.host\n\n## Setup\n\n## Setup\n\n## Mine {#own-id}\n\n```md\n## Not a heading\n```';
    expect(normaliseMarkdown(page, 'vitepress')).toBe(
      '## server.host {#server-host}\n\n## Setup {#setup}\n\n## Setup {#setup-1}\n\n## Mine {#own-id}\n\n' +
        '```md\n## Not a heading\n```',
    );
  });

  it('is told from its markup and from its configuration in a repository', () => {
    expect(detectDialect('::: code-group\n\n```sh [npm]\nnpm i\n```\n\n:::')).toBe('vitepress');
    expect(detectDialect('```js [vite.config.js]\nexport default {}\n```')).toBe('vitepress');
    expect(detectDialect('```js\nlegacy() // [!code ++]\n```')).toBe('vitepress');
    expect(detectDialect('<<< @/snippets/deploy.yaml')).toBe('vitepress');
    expect(detectDialect('::: tip\nHi\n:::')).toBe('docusaurus');
    expect(detectDialect('Shiki’s notations (`// [!code ++]`) are removed.')).toBe('markdown');
    // Hugo's highlighting options, and a fence shown inside a block, are no labels.
    expect(detectDialect('```go {linenos=inline hl_lines=[3,"6-8"]}\nx\n```')).toBe('markdown');
    expect(detectDialect('````md\n```LANG [OPTIONS]\nCODE\n```\n````')).toBe('markdown');
    expect(detectDialect('```yaml tab="File (YAML)"\na: 1\n```\n\n!!! note\n    Hi')).toBe('mkdocs');
    expect(repositoryDialect(['docs/.vitepress/config.ts', 'docs/index.md'])).toBe('vitepress');
    expect(repositoryDialect(['.vitepress/config.mts', 'index.md'])).toBe('vitepress');
    expect(repositoryDialect(['a/b/.vitepress/config.ts'])).toBeUndefined();
  });
});
