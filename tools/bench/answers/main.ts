/**
 * Answer quality on ../shared/eval/emanual-tv with the extractive answerer (the offline default):
 * how often the gold section is among the cited sources, and how much of the gold answer's words
 * the response recalls.
 *
 *   npm run bench:answers
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ExtractiveAnswerer, NOT_FOUND_ANSWER, terms, type AnswerChunk } from '@docqa/answering';
import type { Source } from '@docqa/contracts';
import { writeBenchSection } from '../write-section';
import { emanual, indexDocs } from '../eval-data';

async function main(): Promise<void> {
  const data = emanual();
  const dir = mkdtempSync(join(tmpdir(), 'docqa-bench-answers-'));
  try {
    const { retrieval, store } = await indexDocs(dir, data.docs);
    const answerer = new ExtractiveAnswerer(retrieval, { topK: 6 });
    let citedGold = 0;
    let retrievedGold = 0;
    let recallSum = 0;
    let notFound = 0;
    const started = performance.now();
    for (const q of data.queries) {
      let text = '';
      let sources: Source[] = [];
      for await (const chunk of answerer.answer({
        tenant: 'eval',
        question: q.text,
        history: [],
        filters: [],
      }) as AsyncIterable<AnswerChunk>) {
        if (chunk.type === 'delta') text += chunk.text;
        else if (chunk.type === 'sources') sources = chunk.sources;
      }
      if (text === NOT_FOUND_ANSWER) notFound++;
      if (sources.some((s) => s.cited && q.relevant.has(s.document_id))) citedGold++;
      if (sources.some((s) => q.relevant.has(s.document_id))) retrievedGold++;
      const gold = new Set(terms(q.answer ?? ''));
      const got = new Set(terms(text));
      recallSum += gold.size ? [...gold].filter((t) => got.has(t)).length / gold.size : 0;
    }
    const seconds = (performance.now() - started) / 1000;
    await store.close();
    const n = data.queries.length;
    const pct = (x: number) => `${((100 * x) / n).toFixed(1)} %`;
    const text = [
      `${n} title-linked questions of emanual-tv, extractive answerer, hybrid retrieval of 6 passages, embedded store with local embeddings. Run on ${new Date().toISOString().slice(0, 10)}.`,
      '',
      '| measure | result | target |',
      '|---|---|---|',
      `| gold section among the cited sources | **${pct(citedGold)}** (${citedGold}/${n}) | ≥ 80 % |`,
      `| gold section among the retrieved sources | ${pct(retrievedGold)} | |`,
      `| token recall of the gold answer in the response | **${(recallSum / n).toFixed(3)}** | ≥ 0.5 |`,
      `| answered "not covered" | ${pct(notFound)} | |`,
      `| answers per second (one process, no streaming delay) | ${(n / seconds).toFixed(1)} | |`,
    ].join('\n');
    console.log(text);
    writeBenchSection('Answer quality', 'npm run bench:answers', text);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
