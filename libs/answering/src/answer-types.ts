import type { Filter, Source } from '@docqa/contracts';

/** What the worker asks an answerer. */
export interface AnswerInput {
  tenant: string;
  question: string;
  history: { question: string; answer: string }[];
  /** The question's filters AND the token's enforced ones. */
  filters: Filter[];
  /** The docs version asked about: its documents and unversioned ones are searched, no other's. */
  version?: string;
  /** The page the question was asked from: a question about "this page" is answered from it first. */
  pageUrl?: string;
  /** The asker's language tag: the answer's fixed phrases follow it (see `notFoundAnswer`). */
  locale?: string;
  signal?: AbortSignal;
}

/** A piece of a streamed answer; `sources` (with `cited`) comes last. */
export type AnswerChunk =
  | { type: 'status'; status: 'retrieving' | 'generating' }
  | { type: 'delta'; text: string }
  | { type: 'sources'; sources: Source[] };

/** Turns a question into a streamed, cited answer. */
export interface Answerer {
  answer(input: AnswerInput): AsyncIterable<AnswerChunk>;
  /** Throws when the model cannot answer (health `full`). */
  health(): Promise<void>;
}

/** Said when the documents do not cover a question: no invented answer. */
export const NOT_FOUND_ANSWER =
  'I could not find this in the documentation. Try rephrasing the question, or ask about a topic the documents cover.';
