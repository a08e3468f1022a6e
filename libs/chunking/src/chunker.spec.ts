import { HeadingAnchors, headingPathText, pageOf, slug, unescapeMarkdown, withAnchor } from './anchor';
import { chunkMarkdown } from './chunker';
import { markdownBlocks } from './markdown-blocks';

describe('chunkMarkdown', () => {
  it('keeps a heading’s custom {#id} anchor and leaves it out of the heading', async () => {
    const md =
      '# Setup {#install}\nIntro.\n## Plugins { #plugins-list .wide }\nAdd them.\n## Setup\nAgain.\n## Install\nOnce more.';
    const chunks = await chunkMarkdown(md, { size: 500, overlap: 0 });
    expect(chunks.map((c) => [c.heading, c.anchor])).toEqual([
      ['Setup', 'install'],
      ['Setup › Plugins', 'plugins-list'],
      ['Setup › Setup', 'setup'],
      ['Setup › Install', 'install-1'],
    ]);
  });

  it('keeps the heading path and anchor with each chunk and splits long sections', async () => {
    const md = `# Install\nIntro.\n## Linux\n${'Run apt. '.repeat(40)}\n## Windows\nRun setup.exe.`;
    const chunks = await chunkMarkdown(md, { size: 120, overlap: 20 });
    expect(chunks[0]).toEqual({ heading: 'Install', anchor: 'install', text: 'Intro.' });
    const linux = chunks.filter((c) => c.heading === 'Install › Linux');
    expect(linux.length).toBeGreaterThan(1);
    expect(linux.every((c) => c.anchor === 'linux')).toBe(true);
    expect(chunks.at(-1)).toEqual({
      heading: 'Install › Windows',
      anchor: 'windows',
      text: 'Run setup.exe.',
    });
    expect(chunks.every((c) => c.text.length <= 120)).toBe(true);
  });

  it('does not take a # inside a code fence for a heading', async () => {
    const chunks = await chunkMarkdown('# A\n```sh\n# comment\n```\n', { size: 500, overlap: 0 });
    expect(chunks).toEqual([{ heading: 'A', anchor: 'a', text: '```sh\n# comment\n```' }]);
  });

  it('ends a code fence only at a run of its own character: an underline of tildes in it is code', async () => {
    const page = [
      '# Reading Errors',
      '```',
      '999 expectTypeOf(1).toBeString()',
      '                    ~~~~~~~~~~',
      '```',
      '## Run Typechecking',
      '````md',
      '```sh',
      '# a comment, not a heading',
      '```',
      '````',
    ].join('\n');
    const chunks = await chunkMarkdown(page, { size: 500, overlap: 0 });
    expect(chunks.map((c) => c.heading)).toEqual(['Reading Errors', 'Reading Errors › Run Typechecking']);
    expect(chunks[1]!.text).toBe('````md\n```sh\n# a comment, not a heading\n```\n````');
  });

  it('never cuts a code block, even one longer than a chunk', async () => {
    const code = [
      '```bash',
      ...Array.from({ length: 12 }, (_, i) => `docqa step-${i} --flag value`),
      '```',
    ].join('\n');
    const md = `## Setup\n${'Some prose here. '.repeat(6)}\n\n${code}\n\nAfter the code.`;
    const chunks = await chunkMarkdown(md, { size: 150, overlap: 30 });
    const withCode = chunks.filter((c) => c.text.includes('docqa step-'));
    expect(withCode).toHaveLength(1);
    expect(withCode[0]!.text).toContain(code);
    for (const c of chunks) expect((c.text.match(/```/g) ?? []).length % 2).toBe(0);
  });

  it('never cuts a list item, its nested items or its indented code', async () => {
    const item = (n: number) =>
      `- Item ${n} explains a step at some length, so that the list is longer than a chunk.\n  - nested ${n}\n\n  \`\`\`sh\n  run ${n}\n\n  done ${n}\n  \`\`\``;
    const md = `# List\n${[1, 2, 3, 4].map(item).join('\n')}`;
    const chunks = await chunkMarkdown(md, { size: 200, overlap: 0 });
    expect(chunks.length).toBeGreaterThan(1);
    for (const n of [1, 2, 3, 4]) {
      const holding = chunks.filter((c) => c.text.includes(`Item ${n} `));
      expect(holding).toHaveLength(1);
      expect(holding[0]!.text).toContain(`nested ${n}`);
      expect(holding[0]!.text).toContain(`done ${n}\n  \`\`\``);
    }
  });

  it('keeps a lead-in ending in ":" with the block it introduces', async () => {
    const md = `# Run\n${'Filler sentence of the section. '.repeat(4)}\n\nStart it with:\n\n\`\`\`sh\nnpm start\n\`\`\``;
    const chunks = await chunkMarkdown(md, { size: 160, overlap: 0 });
    expect(chunks.find((c) => c.text.includes('npm start'))!.text).toMatch(/^Start it with:\n\n```sh/);
    expect(chunks.some((c) => c.text.trimEnd().endsWith(':'))).toBe(false);
  });

  it('repeats a huge table’s header in each piece it is cut into', async () => {
    const header = '| Field | Description | Default |\n|:------|:------------|:--------|';
    const rows = Array.from({ length: 40 }, (_, i) => `| \`opt${i}\` | Sets option number ${i}. | ${i} |`);
    const md = `## Options\n${header}\n${rows.join('\n')}`;
    const chunks = await chunkMarkdown(md, { size: 100, overlap: 0 });
    expect(chunks.length).toBeGreaterThan(1);
    for (const c of chunks) expect(c.text.startsWith(`${header}\n| \`opt`)).toBe(true);
    for (const row of rows)
      expect(chunks.filter((c) => c.text.includes(`${row}\n`) || c.text.endsWith(row))).toHaveLength(1);
  });

  it('cuts a run-on paragraph between sentences with overlap', async () => {
    const text = Array.from({ length: 20 }, (_, i) => `Sentence number ${i} ends here.`).join(' ');
    const chunks = await chunkMarkdown(text, { size: 100, overlap: 40 });
    expect(chunks.length).toBeGreaterThan(3);
    for (const c of chunks) expect(c.text).toMatch(/^Sentence number \d+ ends here\.( |$)/);
    expect(chunks[1]!.text.startsWith(chunks[0]!.text.split('. ').at(-1)!)).toBe(true);
  });
});

describe('markdownBlocks', () => {
  it('tells paragraphs, code, list items and tables apart', () => {
    const md =
      'Intro line\ncontinued.\n\n1. First\n2. Second\n   more\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n~~~\nx\n\ny\n~~~';
    expect(markdownBlocks(md).map((b) => [b.kind, b.text])).toEqual([
      ['paragraph', 'Intro line\ncontinued.'],
      ['item', '1. First'],
      ['item', '2. Second\n   more'],
      ['table', '| a | b |\n|---|---|\n| 1 | 2 |'],
      ['code', '~~~\nx\n\ny\n~~~'],
    ]);
  });

  it('reads a table written without pipes at its rows’ ends, as Hugo’s docs write them', () => {
    // gohugoio/hugoDocs, content/en/configuration/deployment.md, "Destination URLs"
    const md = [
      'Service|URL example',
      ':--|:--',
      'Amazon Simple Storage Service (S3)|`s3://my-bucket?region=us-west-1`',
      'Azure Blob Storage|`azblob://my-container`',
      'With Google Cloud Storage you can target a subdirectory:',
      '',
      'One | two, a paragraph with a pipe.',
    ].join('\n');
    expect(markdownBlocks(md).map((b) => [b.kind, b.text.split('\n').length])).toEqual([
      ['table', 4],
      ['paragraph', 1],
      ['paragraph', 1],
    ]);
  });
});

describe('anchors', () => {
  it('makes GitHub slugs, numbering repeats', () => {
    expect(slug('Install `docqa` on Linux (v2)!')).toBe('install-docqa-on-linux-v2');
    expect(slug('Tokens › [Revoke](x.md) one')).toBe('tokens--revoke-one');
    // As Docusaurus renders them: entities and escapes decoded, a code span's text kept.
    expect(slug('--filter &lt;package_selector\\>')).toBe('--filter-package_selector');
    expect(slug('--save-dev, -D, -d')).toBe('--save-dev--d--d');
    expect(slug('`pnpm link <dir>`')).toBe('pnpm-link-dir');
    expect(slug('Install <span>now</span>')).toBe('install-now');
    expect(slug('&lt;URL&gt;&#58;cafile')).toBe('urlcafile');
    // Underscore emphasis is markup, not text (Black's "Using _Black_ with Jupyter Notebooks");
    // underscores inside words, and code spans, are text.
    expect(slug('Using _Black_ with __Jupyter__ Notebooks')).toBe('using-black-with-jupyter-notebooks');
    expect(slug('__init__ and _private_var, snake_case_name')).toBe('init-and-_private_var-snake_case_name');
    expect(slug('The `__init__` method (_optional_)')).toBe('the-__init__-method-optional');
    const anchors = new HeadingAnchors();
    expect(['Usage', 'Usage', 'Usage-1', 'Usage'].map((h) => anchors.next(h))).toEqual([
      'usage',
      'usage-1',
      'usage-1-1',
      'usage-2',
    ]);
  });
  it('decodes entities and character references once', () => {
    expect(unescapeMarkdown('&lt;URL&gt;&#58;_authToken &#x3A; \\*')).toBe('<URL>:_authToken : *');
    expect(unescapeMarkdown('&amp;lt; &amp;#58; &#0; &#x110000;')).toBe('&lt; &#58; &#0; &#x110000;');
  });
  it('shows a heading path as its reader sees it', () => {
    expect(headingPathText('Settings › &lt;URL&gt;&#58;cafile')).toBe('Settings › <URL>:cafile');
    expect(headingPathText('CLI › `pnpm link <dir>` › --filter &lt;selector\\>')).toBe(
      'CLI › pnpm link <dir> › --filter <selector>',
    );
    expect(headingPathText('[Tokens](t.md) › **Revoke** a *token* › Install <span>now</span>')).toBe(
      'Tokens › Revoke a token › Install now',
    );
    expect(headingPathText('Keep 2 * 3 and snake_case_name')).toBe('Keep 2 * 3 and snake_case_name');
    expect(headingPathText('Using _Black_ › The `__init__` method')).toBe(
      'Using Black › The __init__ method',
    );
  });
  it('sets a URL fragment', () => {
    expect(withAnchor('https://d.example/cli#old', 'ingest')).toBe('https://d.example/cli#ingest');
    expect(withAnchor('https://d.example/cli', '')).toBe('https://d.example/cli');
  });
  it("sets a hash-routed page's section as the ?id= its router reads, and tells its page", () => {
    expect(withAnchor('https://d.example/#/cli', 'ingest')).toBe('https://d.example/#/cli?id=ingest');
    expect(withAnchor('https://d.example/#/cli?id=old', 'ingest')).toBe('https://d.example/#/cli?id=ingest');
    expect(pageOf('https://d.example/#/cli?id=ingest')).toBe('https://d.example/#/cli');
    expect(pageOf('https://d.example/cli#ingest')).toBe('https://d.example/cli');
  });
});
