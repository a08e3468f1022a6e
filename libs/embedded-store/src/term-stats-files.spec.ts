import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chunkTerms, keywordTermIds, termStatsOf } from '@docqa/retrieval';
import { emptyStats, TermStatsFiles } from './term-stats-files';

const TEXTS = ['quartz mirror', 'quartz lamp quartz', 'a mirror of glass'];
const id = (word: string) => keywordTermIds(word)[0]!;

describe('termStatsOf', () => {
  it('counts the chunks, their terms and the chunks that hold each term, once per chunk', () => {
    const stats = termStatsOf(TEXTS);
    expect(stats.chunks).toBe(3);
    expect(stats.terms).toBe(TEXTS.reduce((sum, text) => sum + chunkTerms(text).length, 0));
    expect(stats.df.get(id('quartz'))).toBe(2);
    expect(stats.df.get(id('mirror'))).toBe(2);
    expect(stats.df.get(id('glass'))).toBe(1);
    expect(termStatsOf([])).toEqual(emptyStats());
  });
});

describe('TermStatsFiles', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'docqa-term-stats-files-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const terms = ['quartz', 'mirror', 'lamp', 'glass'].map(id);
  const change = (files: TermStatsFiles, tenant: string, removed: string[], added: string[]) =>
    files.change(tenant, async () => ({ removed: termStatsOf(removed), added: termStatsOf(added) }));
  /** What a count of `texts` from scratch gives for `terms`. */
  const counted = (texts: string[]) => {
    const stats = termStatsOf(texts);
    return { ...stats, df: new Map([...stats.df].filter(([term]) => terms.includes(term))) };
  };

  it('takes away what a write removed and adds what it added, dropping terms no chunk holds', async () => {
    const files = new TermStatsFiles(dir);
    await change(files, 'a', [], TEXTS);
    await change(files, 'a', ['quartz lamp quartz', 'a mirror of glass'], ['a lamp of glass']);
    expect(files.read(['a'], terms)).toEqual(counted(['quartz mirror', 'a lamp of glass']));
    await change(files, 'a', ['quartz mirror', 'a lamp of glass'], []);
    expect(files.read(['a'], terms)).toEqual({ chunks: 0, terms: 0, df: new Map() });
    const [file] = readdirSync(dir).filter((name) => name.endsWith('.json'));
    expect(JSON.parse(readFileSync(join(dir, file!), 'utf8'))).toMatchObject({ chunks: 0, df: [] });
  });

  // A writer keeps what it wrote without reading it back; another process's write in between is
  // still read.
  it("counts on from another instance's write between two of its own", async () => {
    const [one, other] = [new TermStatsFiles(dir), new TermStatsFiles(dir)];
    await change(one, 'a', [], ['quartz mirror']);
    await change(other, 'a', [], ['quartz lamp quartz']);
    await change(one, 'a', [], ['a mirror of glass']);
    const expected = counted(TEXTS);
    expect(one.read(['a'], terms)).toEqual(expected);
    expect(other.read(['a'], terms)).toEqual(expected);
    expect(new TermStatsFiles(dir).read(['a'], terms)).toEqual(expected);
  });

  it('writes no file for a write that changed no row', async () => {
    const files = new TermStatsFiles(dir);
    await change(files, 'a', [], []);
    expect(files.mark('a')).toBeNull();
  });
});
