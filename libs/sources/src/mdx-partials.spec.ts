import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadPaths } from './file-loader';
import { withPartials } from './mdx-partials';

describe('withPartials', () => {
  const site = mkdtempSync(join(tmpdir(), 'docqa-partials-'));
  const docs = join(site, 'docs');
  const write = (path: string, content: string) => {
    mkdirSync(join(docs, path, '..'), { recursive: true });
    writeFileSync(join(docs, path), content);
  };
  const why = [
    '---',
    'id: why',
    'title: pnpm why',
    '---',
    '',
    'Shows all packages that depend on the specified package.',
    '',
    '## Options',
    '',
    "import FindBy from '../settings/_findBy.mdx'",
    "import Outside from '../../outside.mdx'",
    '',
    '<FindBy />',
    '',
    '```jsx',
    '<FindBy />',
    '```',
    '',
    '<Outside />',
  ].join('\n');
  beforeAll(() => {
    write(
      'settings/_findBy.mdx',
      [
        '---',
        'title: hidden',
        '---',
        '',
        '### --find-by &lt;finder_name\\>',
        '',
        "import Added from './_added.md'",
        '',
        '<Added version="10.16.0" />',
        '',
        'Use a finder function defined in `.pnpmfile.mjs`.',
        '',
      ].join('\n'),
    );
    write('settings/_added.md', 'Added in: v10.16.0\n');
    write('cli/why.md', why);
    writeFileSync(join(site, 'outside.mdx'), 'Secret.\n');
  });
  afterAll(() => rmSync(site, { recursive: true, force: true }));

  it('puts in each imported partial where the page places it, partials of partials too', async () => {
    const text = await withPartials(why, join(docs, 'cli/why.md'), docs);
    expect(text).toContain(
      '## Options\n\n' +
        "import FindBy from '../settings/_findBy.mdx'\n" +
        "import Outside from '../../outside.mdx'\n\n" +
        '### --find-by &lt;finder_name\\>\n\n' +
        "import Added from './_added.md'\n\n" +
        'Added in: v10.16.0\n\n' +
        'Use a finder function defined in `.pnpmfile.mjs`.\n',
    );
    expect(text).not.toContain('title: hidden');
  });

  it("puts in a partial from the site's root, and at the indentation of the element it replaces", async () => {
    const page = ["import Added from '/settings/_added.md'", '', '- Since:', '  <Added />'].join('\n');
    const text = await withPartials(page, join(docs, 'cli/why.md'), docs);
    expect(text).toContain('- Since:\n  Added in: v10.16.0');
  });

  it('leaves an element inside a code block, and a file outside the folder, as they were', async () => {
    const text = await withPartials(why, join(docs, 'cli/why.md'), docs);
    expect(text).toContain('```jsx\n<FindBy />\n```');
    expect(text).toContain('<Outside />');
    expect(text).not.toContain('Secret.');
  });

  it("loads a Docusaurus folder's pages with their partials' text, and no partial as a page", async () => {
    const { documents, skipped } = await loadPaths([docs], {
      dialect: 'docusaurus',
      baseUrl: 'https://pnpm.io/',
    });
    expect(documents.map((d) => d.id)).toEqual(['cli/why.md']);
    expect(documents[0]?.content).toContain('Use a finder function defined in `.pnpmfile.mjs`.');
    expect(documents[0]?.content).toContain('Added in: v10.16.0');
    expect(documents[0]?.content).not.toContain('import ');
    expect(documents[0]?.content.split('```jsx')[0]).not.toContain('<FindBy');
    expect(skipped.map((s) => s.source.split('docs/')[1]).sort()).toEqual([
      'settings/_added.md',
      'settings/_findBy.mdx',
    ]);
    expect(skipped[0]?.reason).toMatch(/^a Docusaurus partial/);
  });

  it('keeps files named with a leading _ of a site of another generator (a Hugo _index.md)', async () => {
    const { documents } = await loadPaths([docs], { dialect: 'hugo' });
    expect(documents.map((d) => d.id).sort()).toEqual([
      'cli/why.md',
      'settings/_added.md',
      'settings/_findBy.mdx',
    ]);
  });
});
