import { join } from 'node:path';
import { loadPaths } from './file-loader';
import { withMarkdocPartials } from './markdoc-includes';
import { detectDialect, normaliseMarkdown, repositoryDialect } from './markdown-dialect';
import {
  redoclyPagePath,
  redoclySite,
  redoclyUnpublished,
  redoclyVersion,
  UNPUBLISHED_REDOCLY_PARTIAL,
} from './redocly-site';
import { DIALECT_FIXTURES } from './testing';

const SITE = join(DIALECT_FIXTURES, 'redocly');
const markdoc = (lines: string[]) => normaliseMarkdown(lines.join('\n'), 'redocly');

describe("Redocly's Markdoc dialect", () => {
  it('reads admonitions as labelled quotes (by name, else type) and tabs as labelled parts', () => {
    const text = markdoc([
      '{% admonition type="warning" name="Before you upgrade" %}',
      'Back up `redocly.yaml`.',
      '{% /admonition %}',
      '',
      '{% admonition type="success" %}',
      'It worked.',
      '{% /admonition %}',
      '',
      '{% tabs %}',
      '{% tab label="npm" %}',
      '```bash',
      'npm i @redocly/cli@latest',
      '```',
      '{% /tab %}',
      '{% /tabs %}',
    ]);
    expect(text).toContain('> **Before you upgrade:** Back up `redocly.yaml`.');
    expect(text).toContain('> **Success:** It worked.');
    expect(text).toContain('**npm**:\n\n```bash\nnpm i @redocly/cli@latest\n```');
    expect(text).not.toContain('{%');
  });

  it('reads a list table as a Markdown table, annotations dropped and a cell’s lines joined', () => {
    const text = markdoc([
      '{% table %}',
      '',
      '- Option {% width="20%" %}',
      '- Description',
      '',
      '---',
      '',
      '- --max-problems',
      '- Truncate output.',
      '  Default value is 100.',
      '',
      '{% /table %}',
    ]);
    expect(text).toContain(
      '| Option | Description |\n| --- | --- |\n| --max-problems | Truncate output. Default value is 100. |',
    );
  });

  it('drops what draws a schema or a sample (over several lines), keeps conditions’ text, cards as links', () => {
    const text = markdoc([
      'Options:',
      '',
      '{% json-schema',
      '  schema={',
      '    "$ref": "./api.yaml"',
      '  }',
      '/%}',
      '',
      '{% if $env.beta %}',
      'Beta builds lint every API.',
      '{% else /%}',
      'Other builds lint the ones named.',
      '{% /if %}',
      '',
      '{% card title="Quickstart" to="/docs/cli/quickstart" %}',
      'Take your first steps.',
      '{% /card %}',
    ]);
    expect(text).not.toMatch(/json-schema|\$ref|\{%/);
    expect(text).toContain('Beta builds lint every API.');
    expect(text).toContain('Other builds lint the ones named.');
    expect(text).toContain('[Quickstart](/docs/cli/quickstart)\n\nTake your first steps.');
  });

  it("gives a heading its {% #id %}, a fence its title's label, and leaves tags shown in code alone", () => {
    const text = markdoc([
      '## Configure {% #configure-acme %}',
      '',
      '```yaml {% title="redocly.yaml" %}',
      'extends: [recommended]',
      '```',
      '',
      '```markdoc',
      '{% admonition type="info" %}',
      'Shown as written.',
      '{% /admonition %}',
      '```',
    ]);
    expect(text).toContain('## Configure {#configure-acme}');
    expect(text).toContain('**redocly.yaml**:\n\n```yaml\nextends: [recommended]\n```');
    expect(text).toContain(
      '```markdoc\n{% admonition type="info" %}\nShown as written.\n{% /admonition %}\n```',
    );
  });

  it('is told from its closing and self-closing tags, not from GitBook’s or Jekyll’s', () => {
    expect(detectDialect('{% admonition type="info" %}\nText.\n{% /admonition %}\n')).toBe('redocly');
    expect(detectDialect('Intro.\n\n{% partial file="../_partials/x.md" /%}\n')).toBe('redocly');
    expect(detectDialect('{% hint style="info" %}\nText.\n{% endhint %}\n')).toBe('gitbook');
    expect(detectDialect('{% raw %}{{ x }}{% endraw %}\n')).toBe('jekyll');
    expect(repositoryDialect(['docs/redocly.yaml', 'docs/@v2/index.md'])).toBe('redocly');
  });

  it('puts partials and code snippets in from the page’s folder, a snippet labelled and in its language', async () => {
    const files: Record<string, string> = {
      '/site/_partials/note.md': '---\ntitle: x\n---\nAcme needs Node.js 22.\n',
      '/site/_code-snippets/config.yaml': 'a: 1\nb: 2\nc: 3\n',
    };
    const read = async (path: string) => files[path];
    const page = [
      '{% partial file="../_partials/note.md" /%}',
      '',
      '{% code-snippet',
      '  file="../_code-snippets/config.yaml"',
      '  title="redocly.yaml"',
      '  from=2',
      '/%}',
      '',
      '{% partial file="../_partials/missing.md" /%}',
    ].join('\n');
    const text = await withMarkdocPartials(page, '/site/@v2/page.md', '/site', read);
    expect(text).toContain('Acme needs Node.js 22.');
    expect(text).not.toContain('title: x');
    expect(text).toContain('**redocly.yaml**:\n\n```yaml\nb: 2\nc: 3\n```');
    expect(text).toContain('{% partial file="../_partials/missing.md" /%}');
  });

  it('publishes the default version without its folder, another under its name; each page of its version', async () => {
    const rels = [
      '@v1/install.md',
      '@v2/install.md',
      '@v2/commands/index.md',
      'api/@1.0/x.md',
      'api/@1.10/x.md',
    ];
    const named = await redoclySite(rels, async (folder) => (folder === '' ? "default: 'v2'\n" : undefined));
    expect(redoclyPagePath('@v2/install.md', {}, named)).toBe('install');
    expect(redoclyPagePath('@v1/install.md', {}, named)).toBe('v1/install');
    expect(redoclyPagePath('@v2/commands/index.md', {}, named)).toBe('commands/');
    // Without a versions.yaml, the highest name in alphanumeric order is the default.
    expect(redoclyPagePath('api/@1.10/x.md', {}, named)).toBe('api/x');
    expect(redoclyPagePath('api/@1.0/x.md', {}, named)).toBe('api/1.0/x');
    expect(redoclyVersion('api/@1.0/x.md')).toBe('1.0');
    expect(redoclyVersion('guide.md')).toBeUndefined();
    expect(redoclyUnpublished('_partials/note.md')).toBe(UNPUBLISHED_REDOCLY_PARTIAL);
    expect(redoclyUnpublished('@theme/components/x.md')).toMatch(/theme/);
    expect(redoclyUnpublished('@v2/install.md')).toBeUndefined();
  });

  it("loads a project's folder: versions from their folders, partials put in and no pages, links to pages", async () => {
    const result = await loadPaths([SITE], { baseUrl: 'https://acme.test/docs/acme/' });
    const byId = new Map(result.documents.map((d) => [d.id, d]));
    expect([...byId.keys()].sort()).toEqual([
      '@v1/commands/index.md',
      '@v1/install.md',
      '@v2/commands/index.md',
      '@v2/commands/lint.md',
      '@v2/install.md',
    ]);
    expect(result.skipped.map((s) => s.reason)).toContain(UNPUBLISHED_REDOCLY_PARTIAL);
    const install = byId.get('@v2/install.md')!;
    expect(install.url).toBe('https://acme.test/docs/acme/install');
    expect(install.metadata?.version).toBe('v2');
    expect(install.content).toContain('Acme needs Node.js 22 or newer.');
    expect(install.content).toContain('**acme.yaml**:\n\n```yaml\nextends:\n  - recommended');
    expect(install.content).toContain('[lint command](https://acme.test/docs/acme/commands/lint)');
    const old = byId.get('@v1/install.md')!;
    expect(old.url).toBe('https://acme.test/docs/acme/v1/install');
    expect(old.metadata?.version).toBe('v1');
    expect(old.content).toContain('[commands](https://acme.test/docs/acme/v1/commands/)');
    const lint = byId.get('@v2/commands/lint.md')!.content;
    expect(lint).toContain("| --format | string | The output's format. **Info:** `json` is for machines. |");
    expect(lint).not.toContain('{%');
  });
});
