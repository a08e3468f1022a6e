import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileDocumentId, loadSources } from './source-loader';

describe('loadSources of files and folders', () => {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'docqa-sources-')));
  const cwd = process.cwd();
  beforeAll(() => {
    const write = (path: string, content: string) => {
      mkdirSync(join(dir, path, '..'), { recursive: true });
      writeFileSync(join(dir, path), content);
    };
    write('coll/a/faq.md', '# FAQ of a\n\nAlpha answers.');
    write('coll/b/faq.md', '# FAQ of b\n\nBeta answers.');
    write('docs/faq.md', '# Docs FAQ\n\nFrom the docs folder.');
    write('docs/guide/install.md', '# Install\n\nRun it.');
    write('handbook/faq.md', '# Handbook FAQ\n\nFrom the handbook.');
    write('handbook/guide/install.md', '# Handbook install\n\nAsk IT.');
    write('faq.md', '# Top FAQ\n\nAt the top.');
    // Ids of files named directly are relative to the current folder.
    process.chdir(dir);
  });
  afterAll(() => {
    process.chdir(cwd);
    rmSync(dir, { recursive: true, force: true });
  });

  const byId = (result: { documents: { id: string; title: string }[] }) =>
    Object.fromEntries(result.documents.map((d) => [d.id, d.title]));

  it('keeps two files of the same name named directly apart, by their paths', async () => {
    const result = await loadSources(['coll/a/faq.md', './coll/b/faq.md']);
    expect(byId(result)).toEqual({ 'coll/a/faq.md': 'FAQ of a', 'coll/b/faq.md': 'FAQ of b' });
    expect(result.skipped).toEqual([]);
    expect(result.failed).toEqual([]);
  });

  it('keeps a folder’s file and a file of the same name named directly apart', async () => {
    const result = await loadSources(['./docs', './handbook/faq.md']);
    expect(byId(result)).toEqual({
      'faq.md': 'Docs FAQ',
      'guide/install.md': 'Install',
      'handbook/faq.md': 'Handbook FAQ',
    });
    expect(result.failed).toEqual([]);
  });

  it('gives the same ids on every load, so a re-run replaces the same documents', async () => {
    const sources = ['docs', 'coll/a/faq.md', join(dir, 'coll/b/faq.md')];
    const first = (await loadSources(sources)).documents.map((d) => d.id);
    const second = (await loadSources(sources)).documents.map((d) => d.id);
    expect(first).toEqual(['faq.md', 'guide/install.md', 'coll/a/faq.md', 'coll/b/faq.md']);
    expect(second).toEqual(first);
  });

  it('loads a file given twice once, and says so naming both paths', async () => {
    const twice = await loadSources(['faq.md', './faq.md']);
    expect(twice.documents.map((d) => d.id)).toEqual(['faq.md']);
    expect(twice.skipped).toEqual([
      { source: './faq.md', reason: 'the same file as faq.md; loaded once, as faq.md' },
    ]);

    const inFolder = await loadSources(['docs', 'docs/faq.md']);
    expect(inFolder.documents.map((d) => d.id)).toEqual(['faq.md', 'guide/install.md']);
    expect(inFolder.skipped).toEqual([
      { source: 'docs/faq.md', reason: 'the same file as docs/faq.md; loaded once, as faq.md' },
    ]);
    expect(inFolder.failed).toEqual([]);
  });

  it('reports a different file whose id is taken as failed, naming both paths', async () => {
    const result = await loadSources(['docs', 'handbook', 'faq.md']);
    expect(byId(result)).toEqual({ 'faq.md': 'Docs FAQ', 'guide/install.md': 'Install' });
    expect(result.failed).toEqual([
      {
        source: 'handbook/faq.md',
        reason: expect.stringMatching(/^same document id faq\.md as docs\/faq\.md, which is loaded instead/),
      },
      { source: 'handbook/guide/install.md', reason: expect.stringContaining('as docs/guide/install.md') },
      { source: 'faq.md', reason: expect.stringContaining('same document id faq.md as docs/faq.md') },
    ]);
  });
});

describe('fileDocumentId', () => {
  it('is the path relative to the current folder, or the absolute path outside it', () => {
    expect(fileDocumentId('./handbook/faq.md', '/work/site')).toBe('handbook/faq.md');
    expect(fileDocumentId('/work/site/guide/my page.md', '/work/site')).toBe('guide/my-page.md');
    expect(fileDocumentId('../other/faq.md', '/work/site')).toBe('/work/other/faq.md');
  });
});
