/**
 * The extractive answerer as it was before the section-aware one (2026-11-23), kept for the
 * side-by-side benchmark only: best-matching sentences stitched into one paragraph, one source per
 * retrieved chunk. Not part of the product.
 */
import type { SearchResult, Source } from '@docqa/contracts';
import {
  type AnswerChunk,
  type Answerer,
  type AnswerInput,
  citedNumbers,
  NOT_FOUND_ANSWER,
  pieces,
  searchPassages,
  standaloneQuery,
} from '@docqa/answering';
import { words } from '@docqa/tokenize';
import type { Searcher } from '@docqa/retrieval';

/** Options of {@link OldExtractiveAnswerer}. */
interface ExtractiveOptions {
  /** Passages retrieved per question. @defaultValue 6 */
  topK?: number;
  /** Sentences in an answer at most. @defaultValue 5 */
  maxSentences?: number;
  /** Words per streamed piece. @defaultValue 3 */
  wordsPerDelta?: number;
}

interface Candidate {
  text: string;
  passage: number;
  position: number;
  score: number;
}

/**
 * The offline answerer: retrieves passages, picks the sentences that best cover the question's
 * words (weighted by how rare they are among the passages, and by the passage's rank), and
 * streams them as a short Markdown answer with `[n]` citations. Says so when nothing relevant is
 * found rather than inventing an answer.
 */
export class OldExtractiveAnswerer implements Answerer {
  private readonly topK: number;
  private readonly maxSentences: number;
  private readonly wordsPerDelta: number;

  constructor(
    private readonly retriever: Searcher,
    options: ExtractiveOptions = {},
  ) {
    this.topK = options.topK ?? 6;
    this.maxSentences = options.maxSentences ?? 5;
    this.wordsPerDelta = options.wordsPerDelta ?? 3;
  }

  async *answer(input: AnswerInput): AsyncIterable<AnswerChunk> {
    yield { type: 'status', status: 'retrieving' };
    const query = standaloneQuery(input.question, input.history);
    const results = await searchPassages(this.retriever, input, query, this.topK);
    yield { type: 'status', status: 'generating' };
    const answer = this.compose(query, results);
    for (const piece of pieces(answer, this.wordsPerDelta)) {
      if (input.signal?.aborted) throw new Error('answer aborted');
      yield { type: 'delta', text: piece };
    }
    yield {
      type: 'sources',
      sources: answer === NOT_FOUND_ANSWER ? toSources(results, '') : toSources(results, answer),
    };
  }

  async health(): Promise<void> {}

  /** The answer text for passages, or the not-found answer. */
  compose(query: string, results: SearchResult[]): string {
    const wanted = [...new Set(terms(query))];
    if (!wanted.length || !results.length) return NOT_FOUND_ANSWER;
    const idf = inverseFrequencies(wanted, results);
    const candidates: Candidate[] = [];
    results.forEach((result, passage) => {
      sentences(result.text).forEach((text, position) => {
        const own = new Set(terms(text));
        const covered = wanted.filter((t) => own.has(t));
        if (!covered.length) return;
        const coverage = covered.reduce((sum, t) => sum + idf.get(t)!, 0);
        const brevity = own.size > 60 ? 0.7 : 1;
        candidates.push({ text, passage, position, score: coverage * brevity * (1 + 0.5 / (passage + 1)) });
      });
    });
    const total = wanted.reduce((sum, t) => sum + idf.get(t)!, 0);
    const best = candidates.sort((a, b) => b.score - a.score);
    // Too little of the question in any sentence: the documents do not answer it.
    if (!best.length || best[0]!.score < 0.34 * total) return NOT_FOUND_ANSWER;
    const chosen: Candidate[] = [];
    for (const c of best) {
      if (chosen.length >= this.maxSentences || c.score < 0.5 * best[0]!.score) break;
      if (chosen.some((x) => x.text === c.text)) continue;
      chosen.push(c);
    }
    // Keep document order within a passage and rank order across passages, so the text reads on.
    chosen.sort((a, b) => a.passage - b.passage || a.position - b.position);
    return chosen.map((c) => `${withStop(c.text)} [${c.passage + 1}]`).join(' ');
  }
}

function inverseFrequencies(wanted: string[], results: SearchResult[]): Map<string, number> {
  const docs = results.map((r) => new Set(terms(r.text)));
  return new Map(
    wanted.map((t) => [t, Math.log(1 + (docs.length + 1) / (1 + docs.filter((d) => d.has(t)).length))]),
  );
}

function withStop(text: string): string {
  return /[.!?:`)]$/.test(text) ? text : `${text}.`;
}

/** Sources as they were: every retrieved chunk, `cited` when the text cites its number. */
function toSources(results: SearchResult[], answer: string): Source[] {
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

/**
 * Sentences of a passage. Wrapped lines of a paragraph are joined; list items and table rows are
 * units of their own; headings and code fences are skipped; prose is split after `.`, `!` or `?`
 * followed by a capital or a digit.
 */
function sentences(text: string): string[] {
  const units: string[] = [];
  let current = '';
  let fenced = false;
  const flush = () => {
    if (current.trim()) units.push(current.trim());
    current = '';
  };
  for (const raw of text.split(/\n/)) {
    const line = raw.trim();
    if (/^(```|~~~)/.test(line)) {
      fenced = !fenced;
      flush();
      continue;
    }
    if (fenced) continue;
    if (!line || /^#{1,6}\s/.test(line)) {
      flush();
      continue;
    }
    if (/^([-*+]|\d+[.)])\s+/.test(line) || line.startsWith('|')) {
      flush();
      current = line.replace(/^([-*+]|\d+[.)])\s+/, '');
      continue;
    }
    current = current ? `${current} ${line}` : line;
  }
  flush();
  return units
    .flatMap((unit) => unit.split(/(?<=[.!?])\s+(?=[\p{Lu}\p{N}"“(`])/u))
    .map((s) => s.trim())
    .filter((s) => s.length > 2);
}

const STOP = new Set(
  'a about an and are as at be been but by can could do does did for from had has have how i if in into is it its me my of on or our should so than that the their them then there these they this those to us was we were what when where which who whom why will with would you your'.split(
    ' ',
  ),
);

/** Content words as the old answerer saw them. */
function terms(text: string): string[] {
  return words(text)
    .filter((w) => !STOP.has(w) && (w.length > 1 || /\d/.test(w)))
    .map((w) => (w.length > 4 ? w.replace(/(ing|ed|es|s)$/, '') : w));
}
