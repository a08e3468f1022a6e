import { join } from 'node:path';
import type { SearchResult } from '@docqa/contracts';
import { toMarkdown } from '@docqa/ingest';
import { chunkMarkdown, withAnchor } from '@docqa/chunking';
import { absoluteLinks, loadPaths } from '@docqa/sources';
import { DIALECT_FIXTURES } from '@docqa/sources/testing';
import type { AnswerChunk } from './answer-types';
import { ExtractiveAnswerer } from './extractive-answerer';

/** The chunks of a site's pages (a folder of the fixtures), as ingestion makes them, as search results. */
async function siteResults(site: string, baseUrl: string): Promise<SearchResult[]> {
  const { documents } = await loadPaths([join(DIALECT_FIXTURES, site)], { baseUrl });
  const results: SearchResult[] = [];
  for (const doc of documents) {
    const markdown = absoluteLinks(await toMarkdown(doc.content, doc.content_type), doc.url!);
    (await chunkMarkdown(markdown, { size: 1000, overlap: 100 })).forEach((piece, i) =>
      results.push({
        document_id: doc.id,
        chunk_id: `${doc.id}#${i}`,
        title: doc.title,
        url: withAnchor(doc.url!, piece.anchor),
        section: piece.heading ? `${doc.title} › ${piece.heading}` : doc.title,
        text: piece.text,
        score: 1 - results.length / 100,
        metadata: {},
      }),
    );
  }
  return results;
}

const hugoResults = () => siteResults('hugo', 'https://redis.example/docs/');

async function ask(question: string, results: SearchResult[]) {
  const retriever = { search: jest.fn(async () => ({ results, took_ms: 0 })) };
  const chunks: AnswerChunk[] = [];
  for await (const c of new ExtractiveAnswerer(retriever).answer({
    tenant: 't',
    question,
    history: [],
    filters: [],
  }))
    chunks.push(c);
  return {
    text: chunks.flatMap((c) => (c.type === 'delta' ? [c.text] : [])).join(''),
    sources: chunks.flatMap((c) => (c.type === 'sources' ? c.sources : [])),
  };
}

describe('an answer over a Hugo site', () => {
  it('keeps the page’s indented command as a code block, cited at its published section', async () => {
    const results = await hugoResults();
    const snapshot = results.filter((r) => r.section?.endsWith('Snapshotting'));
    const { text, sources } = await ask('How do I make Redis save a snapshot every 60 seconds?', snapshot);
    expect(text).toContain('```\nsave 60 1000\n```');
    expect(sources[0]!.url).toBe('https://redis.example/docs/operate/persistence/#snapshotting');
  });

  it('links to the published pages that relref names, never to an encoded shortcode or a source file', async () => {
    const results = await hugoResults();
    const intro = results.filter((r) => r.section === 'Redis persistence');
    const { text } = await ask('What does persistence refer to?', intro);
    expect(text).toContain('[replication](https://redis.example/docs/operate/replication/)');
    expect(text).not.toMatch(/%7B%7B|relref|_index/);
  });
});

describe('an answer over a Mintlify site', () => {
  const results = () => siteResults('mintlify', 'https://acme.example/docs/');

  it("quotes a tab's command from the snippet its page imports, labelled by the tab, at the published page", async () => {
    const install = (await results()).filter((r) => r.section === 'Quickstart › Install');
    const { text, sources } = await ask('How do I install the CLI with npm?', install);
    expect(text).toContain('**npm (cross-platform)**');
    expect(text).toContain('```bash\nnpm i -g @acme/cli\n```');
    expect(text).not.toMatch(/<\/?(Tabs?|Steps?|CLIInstall)\b/);
    expect(sources[0]!.url).toBe('https://acme.example/docs/cli/quickstart#install');
  });

  it('links from the site’s root into the base URL', async () => {
    const install = (await results()).filter((r) => r.section === 'Quickstart › Install');
    expect(install.map((r) => r.text).join('\n')).toContain(
      '[tool permissions](https://acme.example/docs/cli/permissions)',
    );
  });

  it('answers from the tab a question names, its steps as a numbered list', async () => {
    const install = (await results()).filter((r) => r.document_id === 'install.mdx');
    const { text } = await ask('How do I install Acme in JetBrains?', install);
    expect(text).toContain('**JetBrains**');
    expect(text).toMatch(/1\. \*\*Open Settings\*\*[\s\S]*2\. \*\*Install the plugin\*\*/);
  });
});

describe('an answer over a docsify site', () => {
  const results = () => siteResults('docsify', 'https://acme.test/');

  it('quotes the indented command of its section, cited at the ?id= of its route, its links routed', async () => {
    const quickstart = (await results()).filter((r) => r.document_id === 'quickstart.md');
    const { text, sources } = await ask('How do I initialize a recordings folder?', quickstart);
    expect(text).toContain('```\nacme init ./recordings\n```');
    expect(sources[0]!.url).toBe('https://acme.test/#/quickstart?id=init');
    expect(text).not.toMatch(/\?>|:id=|docsify-ignore/);
  });

  it('answers from the docsify-tabs tab a question names, labelled by the tab', async () => {
    const quickstart = (await results()).filter((r) => r.document_id === 'quickstart.md');
    const { text } = await ask('How do I install Acme on Windows?', quickstart);
    expect(text).toContain('**Windows**');
    expect(text).toContain('```powershell\nwinget install acme\n```');
    expect(text).not.toMatch(/tabs:|####/);
  });
});

describe('an answer over a Jekyll site', () => {
  const results = () => siteResults('jekyll', 'https://acme.test/');

  it('quotes the command of a highlight block, cited at the permalink and the id its attribute list gives', async () => {
    const install = (await results()).filter((r) => r.document_id === '_docs/installation.md');
    const { text, sources } = await ask('How do I install Acme?', install);
    expect(text).toContain('```shell\ngem install acme\n```');
    expect(sources[0]!.url).toBe('https://acme.test/docs/installation/#install');
    expect(text).not.toMatch(/\{%|\{\{|\{:/);
  });

  it('answers from an option table its Liquid draws from a data file', async () => {
    const serving = (await results()).filter((r) => r.document_id === '_docs/guides/serving.md');
    const { text } = await ask('Which flag serves the site on another port?', serving);
    expect(text).toContain('`-P, --port PORT`');
    expect(text).not.toMatch(/<t[dr]>|\{%-? *(for|endfor)/);
  });

  it('keeps an indented command as code and links to the page of the file it names', async () => {
    const faq = (await results()).filter((r) => r.document_id === 'faq.md');
    const { text } = await ask('How do I upgrade Acme?', faq);
    expect(text).toContain('```\ngem update acme\n```');
    expect(text).toContain('(https://acme.test/docs/installation/)');
  });
});

describe('an answer over a Nuxt Content site', () => {
  const results = () => siteResults('nuxt', 'https://acme.test/');

  it("quotes a code group's command labelled by its tab, cited at the page's path without order numbers", async () => {
    const install = (await results()).filter(
      (r) => r.document_id === 'content/1.getting-started/2.installation.md',
    );
    const { text, sources } = await ask('How do I install the Acme package?', install);
    expect(text).toContain('```bash\npnpm add @acme/cli\n```');
    expect(sources[0]!.url).toBe('https://acme.test/getting-started/installation#install-the-package');
    expect(text).not.toMatch(/::|\{lang|\[pnpm\]/);
  });

  it('answers from a callout titled in YAML props, and links to the page of the file a link names', async () => {
    const deploy = (await results()).filter((r) => r.document_id === 'content/2.guide/1.deploy.md');
    const { text } = await ask('How do I deploy Acme to a static host?', deploy);
    expect(text).toContain('`acme generate`');
    expect(text).not.toMatch(/::|^---$/m);
    const passages = deploy.map((r) => r.text).join('\n');
    expect(passages).toContain('[installation](https://acme.test/getting-started/installation)');
  });
});

describe('an answer over a Redocly project', () => {
  const results = () => siteResults('redocly', 'https://acme.test/docs/acme/');

  it("quotes a tab's command labelled by the tab, cited at the default version's page without its folder", async () => {
    const install = (await results()).filter((r) => r.document_id === '@v2/install.md');
    const { text, sources } = await ask('How do I run Acme in Docker?', install);
    expect(text).toContain('```bash\ndocker run --rm acme/cli lint\n```');
    expect(sources[0]!.url).toMatch(/^https:\/\/acme\.test\/docs\/acme\/install(#|$)/);
    expect(text).not.toMatch(/\{%/);
  });

  it('answers from a list table read as a table', async () => {
    const lint = (await results()).filter((r) => r.document_id === '@v2/commands/lint.md');
    const { text } = await ask('How do I truncate the lint output to fewer problems?', lint);
    expect(text).toContain('--max-problems');
    expect(text).not.toMatch(/\{%|width=/);
  });
});
