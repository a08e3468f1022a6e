import type { SearchResult } from '@docqa/contracts';
import { toSources } from './citations';
import { standaloneQuery } from './follow-up';
import type { AnswerChunk, AnswerInput, Answerer } from './answer-types';
import { NOT_FOUND_ANSWER } from './answer-types';
import type { Retriever } from './retriever';
import { sentences, terms } from './text';

/** Options of {@link ExtractiveAnswerer}. */
export interface ExtractiveOptions {
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
export class ExtractiveAnswerer implements Answerer {
  private readonly topK: number;
  private readonly maxSentences: number;
  private readonly wordsPerDelta: number;

  constructor(
    private readonly retriever: Retriever,
    options: ExtractiveOptions = {},
  ) {
    this.topK = options.topK ?? 6;
    this.maxSentences = options.maxSentences ?? 5;
    this.wordsPerDelta = options.wordsPerDelta ?? 3;
  }

  async *answer(input: AnswerInput): AsyncIterable<AnswerChunk> {
    yield { type: 'status', status: 'retrieving' };
    const query = standaloneQuery(input.question, input.history);
    const { results } = await this.retriever.search({
      tenants: [input.tenant],
      query,
      mode: 'hybrid',
      filters: input.filters,
      limit: this.topK,
    });
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

/** Splits text into pieces of a few words, keeping the whitespace. */
function pieces(text: string, words: number): string[] {
  const tokens = text.split(/(?<=\s)/);
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i += words) out.push(tokens.slice(i, i + words).join(''));
  return out;
}
