import { allCorpora, LEAK_KINDS, leakTable, scanCorpus, type LeakScan } from './markup-leaks';

/**
 * What the scan finds that is no machinery: text the published page shows as it is, which a
 * pattern cannot tell from markup. Each is counted here with where it is and why.
 */
const READER_VISIBLE: Record<string, Record<string, number>> = {
  // manpage-backend/pages/index.adoc writes `.\{manvolnum}`: escaped, the page shows `{manvolnum}`.
  asciidoctor: { attribute: 1 },
};

describe('generator machinery in the chunks of the committed corpora', () => {
  let scans: LeakScan[];

  beforeAll(async () => {
    scans = [];
    for (const corpus of allCorpora()) scans.push(await scanCorpus(corpus));
    // The table `npx jest tools/bench/answers/markup-leaks` prints, per corpus and kind.
    console.log(`${leakTable(scans)}\n\n${LEAK_KINDS.map((k) => `- ${k.name}: ${k.about}`).join('\n')}`);
  }, 300_000);

  it.each(allCorpora().map((c) => c.name))('finds none in %s beyond the text its pages show', (name) => {
    const scan = scans.find((s) => s.corpus === name)!;
    expect(scan.chunks).toBeGreaterThan(100);
    const allowed = READER_VISIBLE[name] ?? {};
    const over = LEAK_KINDS.filter((k) => scan.counts[k.name]! > (allowed[k.name] ?? 0)).map((k) => ({
      kind: k.name,
      count: scan.counts[k.name],
      examples: scan.examples[k.name],
    }));
    expect(over).toEqual([]);
  });
});
