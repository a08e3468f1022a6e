import type { SearchResult, Source } from '@docqa/contracts';

/** The `[n]` markers used in an answer (1-based passage numbers). */
export function citedNumbers(text: string): Set<number> {
  const used = new Set<number>();
  for (const match of text.matchAll(/\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\]/g)) {
    for (const n of match[1]!.split(',')) used.add(Number(n.trim()));
  }
  return used;
}

/** Sources of an answer: every retrieved passage, `cited` when the text cites its number. */
export function toSources(results: SearchResult[], answer: string): Source[] {
  const used = citedNumbers(answer);
  return results.map((r, i) => ({
    document_id: r.document_id,
    chunk_id: r.chunk_id,
    title: r.title,
    url: r.url,
    snippet: r.text.length > 300 ? `${r.text.slice(0, 297)}…` : r.text,
    score: r.score,
    cited: used.has(i + 1),
    metadata: r.metadata,
  }));
}
