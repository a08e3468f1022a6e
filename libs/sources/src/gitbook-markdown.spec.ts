import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadPaths } from './file-loader';
import { gitbookLayout } from './gitbook-space';
import { detectDialect, normaliseMarkdown, repositoryDialect } from './markdown-dialect';

/** Shaped like a GitBook space synced to Git (Beefree SDK's, BugSplat's docs). */
const PAGE = [
  '# Installation',
  '',
  '{% hint style="warning" %}',
  'Use **Node.js 18** or later.',
  '{% endhint %}',
  '',
  '{% tabs %}',
  '{% tab title="npm" %}',
  '```bash',
  'npm install @beefree.io/sdk',
  '```',
  '{% endtab %}',
  '',
  '{% tab title="Yarn" %}',
  '{% hint style="info" %}',
  'Yarn 1 works too.',
  '{% endhint %}',
  '```bash',
  'yarn add @beefree.io/sdk',
  '```',
  '{% endtab %}',
  '{% endtabs %}',
  '',
  '{% code title="app.js" overflow="wrap" %}',
  '```js',
  'const sdk = new BeefreeSDK(token);',
  '```',
  '{% endcode %}',
  '',
  '{% content-ref url="configuration.md" %}',
  '[configuration.md](configuration.md)',
  '{% endcontent-ref %}',
  '',
  '{% embed url="https://www.youtube.com/watch?v=x" %}',
  'A two-minute tour',
  '{% endembed %}',
  '',
  '{% openapi src="../.gitbook/assets/html.yaml" path="/v1/{collection}/html" method="post" %}',
  '[html.yaml](../.gitbook/assets/html.yaml)',
  '{% endopenapi %}',
  '',
  '{% swagger method="get" path="/crashes" baseUrl="https://app.acme.test/api" summary="List crashes" %}',
  '{% swagger-parameter in="query" name="database" type="string" required="true" %}',
  'The database to read.',
  '{% endswagger-parameter %}',
  '{% swagger-response status="200" description="OK" %}',
  '```json',
  '{ "rows": [] }',
  '```',
  '{% endswagger-response %}',
  '{% endswagger %}',
  '',
  'Liquid runs in templates:',
  '',
  '```liquid',
  '{% if customer.vip %}Hi{% endif %}',
  '```',
].join('\n');

describe('the GitBook dialect', () => {
  it('reads hints as labelled quotes, tabs as labelled parts and API blocks by their method and path, code left alone', () => {
    const read = normaliseMarkdown(PAGE, 'gitbook');
    expect(read).toContain('> **Warning:** Use **Node.js 18** or later.');
    expect(read).toContain('**npm**:\n\n```bash\nnpm install @beefree.io/sdk\n```');
    expect(read).toContain(
      '**Yarn**:\n\n> **Info:** Yarn 1 works too.\n\n```bash\nyarn add @beefree.io/sdk\n```',
    );
    expect(read).toContain('**app.js**:\n\n```js\nconst sdk = new BeefreeSDK(token);\n```');
    expect(read).toContain('[configuration.md](configuration.md)');
    expect(read).toContain('A two-minute tour');
    expect(read).toContain('**POST** `/v1/{collection}/html`');
    expect(read).not.toContain('html.yaml');
    expect(read).toContain('**GET** `https://app.acme.test/api/crashes`: List crashes');
    expect(read).toContain('- `database` (query, string, required): The database to read.');
    expect(read).toContain('**Response 200**: OK\n\n```json\n{ "rows": [] }\n```');
    expect(read).toContain('```liquid\n{% if customer.vip %}Hi{% endif %}\n```');
    expect(read.replace(/```liquid[\s\S]*?```/, '')).not.toMatch(/\{%/);
  });

  it('is told from its blocks and from a repository’s .gitbook.yaml', () => {
    expect(detectDialect('# A\n\n{% hint style="info" %}\nHi.\n{% endhint %}')).toBe('gitbook');
    expect(detectDialect('```liquid\n{% hint style="info" %}\n```')).toBe('markdown');
    expect(repositoryDialect(['.gitbook.yaml', 'README.md', 'SUMMARY.md'])).toBe('gitbook');
  });

  it('reads the root and the summary a .gitbook.yaml names', () => {
    expect(gitbookLayout('root: ./docs/\n\nstructure:\n  readme: intro.md\n  summary: toc.md\n')).toEqual({
      root: 'docs/',
      summary: 'toc.md',
    });
    expect(gitbookLayout('redirects:\n  old: new.md\n')).toEqual({ root: '', summary: 'SUMMARY.md' });
  });
});

describe('loading a GitBook space', () => {
  const dir = mkdtempSync(join(tmpdir(), 'docqa-gitbook-'));
  const write = (path: string, content: string) => {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), content);
  };
  beforeAll(() => {
    write('.gitbook.yaml', 'root: ./docs/\n');
    write('README.md', '# The repository\n');
    write('docs/SUMMARY.md', '# Table of contents\n\n* [Intro](README.md)\n* [Install](guide/install.md)\n');
    write(
      'docs/README.md',
      '# Acme\n\n{% content-ref url="guide/install.md" %}\n[install.md](guide/install.md)\n{% endcontent-ref %}\n',
    );
    write('docs/guide/install.md', '# Install\n\n{% hint style="info" %}\nRun it.\n{% endhint %}\n');
    write('docs/guide/old.md', '# A page the summary no longer lists\n');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('publishes the pages its summary lists, from its root, at paths without an extension', async () => {
    const result = await loadPaths([dir], { baseUrl: 'https://docs.acme.test/space/' });
    const byId = new Map(result.documents.map((d) => [d.id, d]));
    expect([...byId.keys()].sort()).toEqual(['docs/README.md', 'docs/guide/install.md']);
    expect(result.skipped.map((s) => s.source.slice(dir.length)).sort()).toEqual([
      '/README.md',
      '/docs/SUMMARY.md',
      '/docs/guide/old.md',
    ]);
    expect(byId.get('docs/guide/install.md')!.url).toBe('https://docs.acme.test/space/guide/install');
    expect(byId.get('docs/guide/install.md')!.content).toContain('> **Info:** Run it.');
    expect(byId.get('docs/README.md')!.content).toContain(
      '[install.md](https://docs.acme.test/space/guide/install)',
    );
  });
});
