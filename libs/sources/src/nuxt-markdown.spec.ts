import { join } from 'node:path';
import { loadPaths } from './file-loader';
import { detectDialect, normaliseMarkdown, repositoryDialect } from './markdown-dialect';
import { nuxtContentFolder, nuxtUnpublished, UNPUBLISHED_NUXT } from './nuxt-site';
import { publishedUrl } from './published-url';
import { DIALECT_FIXTURES } from './testing';

const SITE = join(DIALECT_FIXTURES, 'nuxt');
const nuxt = (lines: string[]) => normaliseMarkdown(lines.join('\n'), 'nuxt');

describe('the Nuxt Content (MDC) dialect', () => {
  it('reads callouts as labelled quotes, titled by a prop or a slot, a link prop as a link under them', () => {
    const text = nuxt([
      '::note',
      'Needs Node.js 22.',
      '::',
      '',
      '::prose-warning{to="/docs/deploy"}',
      'Static hosts need `nuxt generate`.',
      '::',
      '',
      '::tip',
      '#title',
      'Faster builds',
      '#default',
      'Turn on the cache.',
      '::',
      '',
      '::caution',
      '---',
      'title: Before you upgrade',
      'icon: i-lucide-alert',
      '---',
      'Back up the database.',
      '::',
    ]);
    expect(text).toContain('> **Note:** Needs Node.js 22.');
    expect(text).toContain(
      '> **Warning:** Static hosts need `nuxt generate`.\n>\n> [Read more](/docs/deploy)',
    );
    expect(text).toContain('> **Faster builds:** Turn on the cache.');
    expect(text).toContain('> **Before you upgrade:** Back up the database.');
    expect(text).not.toMatch(/::|#title|icon:/);
  });

  it('reads "read more" and example links, block and inline, as links with their text', () => {
    const text = nuxt([
      ':read-more{to="/docs/guide/concepts" title="Nuxt Concepts"}',
      '',
      ':read-more{to="/docs/guide/concepts/typescript#type-checking"}',
      '',
      '::read-more{to="/docs/getting-started/deployment#static-hosting"}',
      'Read more about pre-rendering and static hosting.',
      '::',
      '',
      ':link-example{to="/docs/examples/features/layouts"}',
    ]);
    expect(text).toContain('Read more: [Nuxt Concepts](/docs/guide/concepts)');
    expect(text).toContain('Read more: [Typescript](/docs/guide/concepts/typescript#type-checking)');
    expect(text).toContain(
      '[Read more about pre-rendering and static hosting.](/docs/getting-started/deployment#static-hosting)',
    );
    expect(text).toContain('Example: [Layouts](/docs/examples/features/layouts)');
  });

  it("labels a code group's fences by their titles and leaves code, MDC shown in it included, as written", () => {
    const text = nuxt([
      '::code-group{sync="pm"}',
      '',
      '```bash [npm]',
      'npm create nuxt@latest <project-name>',
      '```',
      '',
      '```bash [pnpm]',
      'pnpm create nuxt@latest <project-name>',
      '```',
      '::',
      '',
      '```vue [pages/[slug\\\\].vue]',
      '<ContentRenderer :value="page" />',
      '```',
      '',
      '```mdc [content/index.md]',
      '::card',
      '#title',
      'Shown as written',
      '::',
      '```',
    ]);
    expect(text).toContain('**npm**:\n\n```bash\nnpm create nuxt@latest <project-name>\n```');
    expect(text).toContain('**pnpm**:\n\n```bash\npnpm create nuxt@latest <project-name>\n```');
    expect(text).toContain('**pages/[slug].vue**:\n\n```vue');
    expect(text).toContain('```mdc\n::card\n#title\nShown as written\n::\n```');
    expect(text).not.toContain('code-group');
  });

  it('reads nested components (by indentation or more colons): cards, tabs, a collapsible, fields, steps', () => {
    const text = nuxt([
      '::card-group',
      '  ::card{title="Open on StackBlitz" icon="i-simple-icons-stackblitz" to="https://stackblitz.com/x"}',
      '  Online playground with code editor.',
      '  ::',
      '::',
      '',
      '::tabs',
      ':::tabs-item{label="Yarn" icon="i-simple-icons-yarn"}',
      'Run `yarn add acme`.',
      ':::',
      '::',
      '',
      '::callout',
      '  ::collapsible{name="additional notes"}',
      '  - Use an even Node.js version.',
      '  ::',
      '::',
      '',
      '::field{name="path" type="string" required}',
      'The page to read.',
      '::',
      '',
      '::steps{level="4"}',
      '#### Install',
      'Run it.',
      '::',
    ]);
    expect(text).toContain(
      '[Open on StackBlitz](https://stackblitz.com/x)\n\nOnline playground with code editor.',
    );
    expect(text).toContain('**Yarn**:\n\nRun `yarn add acme`.');
    expect(text).toContain('> **Note:** **Additional notes**:\n>\n> - Use an even Node.js version.');
    expect(text).toContain('**path** (`string`, required): The page to read.');
    expect(text).toContain('#### Install {#install}\nRun it.');
    expect(text).not.toMatch(/::|tabs-item/);
  });

  it('drops inline attributes and components without text; a badge is its text, a copy box its value', () => {
    const text = nuxt([
      'Set `ssr: false`{lang="ts"} for a [single-page]{.text-primary} app :br',
      'or see [the guide](/docs/guide){target="_blank"} :video-accordion{title="Watch" videoId="abc"}',
      '',
      '### Studio :badge[Soon]{color="neutral"}',
      '',
      ':u-input-copy{value="npx nuxt module add content"}',
      '',
      'A word:with a colon and `:name{x}` in code stay.',
    ]);
    expect(text).toContain('Set `ssr: false` for a single-page app');
    expect(text).toContain('or see [the guide](/docs/guide)');
    expect(text).not.toMatch(/video-accordion|:br|\{lang/);
    expect(text).toContain('### Studio Soon {#studio-soon}');
    expect(text).toContain('`npx nuxt module add content`');
    expect(text).toContain('A word:with a colon and `:name{x}` in code stay.');
  });

  it("gives headings MDC's ids: GitHub's slugs, a run of hyphens one, a leading digit behind _", () => {
    const text = nuxt([
      '## `experimental.nativeSqlite` (deprecated - use `x`)',
      '## 3. Optimize',
      '## Usage',
      '## Usage',
    ]);
    expect(text).toContain('{#experimentalnativesqlite-deprecated-use-x}');
    expect(text).toContain('## 3. Optimize {#_3-optimize}');
    expect(text).toContain('## Usage {#usage}\n## Usage {#usage-1}');
  });

  it('is told from its two-colon components and inline props, not from Docusaurus containers or C++', () => {
    expect(detectDialect('Intro.\n\n::note\nText.\n::\n')).toBe('nuxt');
    expect(detectDialect('See :read-more{to="/x"} here.')).toBe('nuxt');
    expect(detectDialect('Use `ssr: false`{lang=ts} here.')).toBe('nuxt');
    expect(detectDialect(':::note\nText.\n:::\n')).toBe('docusaurus');
    expect(detectDialect('Call std::vector or `a::b`.')).toBe('markdown');
  });

  it('publishes pages at their paths without order numbers, an index at its folder, versions kept', () => {
    const url = (rel: string) => publishedUrl('https://nuxt.com/docs/4.x/', rel, { dialect: 'nuxt' });
    expect(url('1.getting-started/02.installation.md')).toBe(
      'https://nuxt.com/docs/4.x/getting-started/installation',
    );
    expect(url('3.guide/0.index.md')).toBe('https://nuxt.com/docs/4.x/guide');
    expect(url('2.directory-structure/index.md')).toBe('https://nuxt.com/docs/4.x/directory-structure');
    expect(url('blog/2.x/1.Release Notes.draft.md')).toBe('https://nuxt.com/docs/4.x/blog/2.x/release-notes');
    const fromRoot = publishedUrl(
      'https://content.nuxt.com/',
      'docs/content/docs/1.getting-started/1.index.md',
      {
        dialect: 'nuxt',
        fromRepositoryRoot: true,
        contentFolder: 'docs/content/',
      },
    );
    expect(fromRoot).toBe('https://content.nuxt.com/docs/getting-started');
  });

  it('finds a repository’s site by its content.config.ts; files outside its content/ folder are no pages', () => {
    const paths = [
      'README.md',
      'docs/content.config.ts',
      'docs/content/1.guide/1.index.md',
      'docs/app/app.vue',
    ];
    expect(repositoryDialect(paths)).toBe('nuxt');
    expect(nuxtContentFolder(paths)).toBe('docs/content/');
    expect(nuxtUnpublished('docs/content/1.guide/1.index.md', 'docs/content/')).toBeUndefined();
    expect(nuxtUnpublished('README.md', 'docs/content/')).toBe(UNPUBLISHED_NUXT);
  });

  it("loads a site's folder: its content/ pages at their URLs, links to files as pages, the rest skipped", async () => {
    const result = await loadPaths([SITE], { baseUrl: 'https://acme.dev/' });
    const byId = new Map(result.documents.map((d) => [d.id, d]));
    expect([...byId.keys()].sort()).toEqual([
      'content/1.getting-started/1.index.md',
      'content/1.getting-started/2.installation.md',
      'content/2.guide/1.deploy.md',
    ]);
    expect(result.skipped.map((s) => s.reason)).toContain(UNPUBLISHED_NUXT);
    const install = byId.get('content/1.getting-started/2.installation.md')!;
    expect(install.url).toBe('https://acme.dev/getting-started/installation');
    expect(install.content).toContain('**pnpm**:\n\n```bash\npnpm add @acme/cli\n```');
    expect(install.content).toContain('> **Note:** Acme needs Node.js 22 or newer.');
    expect(install.content).toContain('## Configure `acme.port` {#configure-acmeport}');
    expect(byId.get('content/1.getting-started/1.index.md')!.url).toBe('https://acme.dev/getting-started');
    const deploy = byId.get('content/2.guide/1.deploy.md')!;
    expect(deploy.url).toBe('https://acme.dev/guide/deploy');
    expect(deploy.content).toContain('[installation](https://acme.dev/getting-started/installation)');
    expect(deploy.content).toContain('> **Static hosting:** Run `acme generate` for a static host.');
    expect(deploy.content).toContain('### Run the build {#run-the-build}');
  });
});
