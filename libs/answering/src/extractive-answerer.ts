import type { SearchResult } from '@docqa/contracts';
import { contextDocuments, numberedSources } from './citations';
import { onTopic, standaloneQuery, topicSources } from './follow-up';
import type { AnswerChunk, AnswerInput, Answerer } from './answer-types';
import { NOT_FOUND_ANSWER } from './answer-types';
import { inAskersLanguage } from './fixed-phrases';
import {
  holds,
  rankSections,
  termWeights,
  weightOf,
  type ScoredSection,
  type TermWeights,
} from './passage-choice';
import { chooseWindow } from './passage-window';
import { answersQuestion } from './not-covered';
import { pieces } from './pieces';
import { questionIntent } from './question-intent';
import { questionKind, type QuestionKind } from './question-kind';
import { quotePassage } from './quote-passage';
import { searchPassages } from './search-passages';
import { sectionPassages, type SectionPassage, type Unit } from './section-passage';
import type { Searcher } from '@docqa/retrieval';
import { nameTerms, terms } from './text';

/** Options of {@link ExtractiveAnswerer}. */
export interface ExtractiveOptions {
  /** Passages retrieved per question. @defaultValue 6 */
  topK?: number;
  /** Words in an answer at most (a lead-in's code block may overrun it a little). @defaultValue 250 */
  maxWords?: number;
  /**
   * Words a section quoted alone may have to be quoted whole; a longer one is quoted in its best
   * contiguous part. @defaultValue 160
   */
  wholeWords?: number;
  /** Words a quote grows to around its best sentence when its section is longer. @defaultValue 120 */
  targetWords?: number;
  /** Words per streamed piece. @defaultValue 3 */
  wordsPerDelta?: number;
}

/**
 * An answer's text, the context documents it cites (indices, in the order of their first
 * citation) and the passage quoted from each.
 */
export interface ComposedAnswer {
  text: string;
  cited: number[];
  quoted: Map<number, SearchResult>;
}

/** Share of the question's weight left unanswered by the first passage that calls for a second. */
const SECOND_PASSAGE_NEED = 0.25;
/**
 * Score, relative to the best section's, from which the runner-up is quoted too: two sections
 * that answer about equally well are both shown rather than one guessed.
 */
const NEAR_TIE = 0.7;
/** Share of the word budget the first of two quoted sections may take. */
const SHARED_BUDGET = 0.5;
/**
 * Score, relative to the best section's, from which the runner-up is quoted briefly (its best
 * sentence or two): a reader sees the other section that may be the one they meant.
 */
const RELATED = 0.5;
/** Words of a brief quote at most, and the words it grows to around its best sentence. */
const BRIEF = { maxWords: 60, targetWords: 30 };

/**
 * The offline answerer. It picks the section that answers the question (by the question's words in
 * its text and headings, its retrieval rank, and the shape the question wants), and quotes it, or
 * its best contiguous part, with its structure: lists, steps, code blocks and inline code as
 * Markdown, tables as lists. A second section is quoted when the first leaves a good part of the
 * question unanswered or answers it about as well; a runner-up that answers less well but still
 * well is quoted briefly (a sentence or two), so the answer holds at most two passages. A section
 * quoted alone is quoted whole up to {@link ExtractiveOptions.wholeWords}, else its best part. Answers cite `[n]` by the numbered sources of the record and stream in
 * pieces. When nothing retrieved is relevant it says so rather than inventing an answer.
 */
export class ExtractiveAnswerer implements Answerer {
  private readonly topK: number;
  private readonly maxWords: number;
  private readonly wholeWords: number;
  private readonly targetWords: number;
  private readonly wordsPerDelta: number;

  constructor(
    private readonly retriever: Searcher,
    options: ExtractiveOptions = {},
  ) {
    this.topK = options.topK ?? 6;
    this.maxWords = options.maxWords ?? 250;
    this.wholeWords = Math.min(options.wholeWords ?? 160, this.maxWords);
    this.targetWords = options.targetWords ?? 120;
    this.wordsPerDelta = options.wordsPerDelta ?? 3;
  }

  async *answer(input: AnswerInput): AsyncIterable<AnswerChunk> {
    yield { type: 'status', status: 'retrieving' };
    const query = standaloneQuery(input.question, input.history);
    const results = await searchPassages(this.retriever, input, query, this.topK);
    yield { type: 'status', status: 'generating' };
    const own = query === input.question ? undefined : input.question;
    const { text, cited, quoted } = this.compose(query, results, questionKind(input.question), own);
    for (const piece of pieces(inAskersLanguage(text, input.locale), this.wordsPerDelta)) {
      if (input.signal?.aborted) throw new Error('answer aborted');
      yield { type: 'delta', text: piece };
    }
    // A question the documents do not cover lists no sources: what retrieval found does not answer it.
    const sources = cited.length ? numberedSources(contextDocuments(results), cited, quoted) : [];
    yield { type: 'sources', sources: own ? topicSources(sources, results, query, own) : sources };
  }

  async health(): Promise<void> {}

  /** The answer for retrieved passages (in rank order), or the not-found answer. */
  compose(
    query: string,
    results: SearchResult[],
    kind: QuestionKind = questionKind(query),
    /** A follow-up's own words, when `query` borrows earlier turns' words. */
    question?: string,
  ): ComposedAnswer {
    const wanted = [...new Set(terms(query))];
    const docs = contextDocuments(results);
    const ranks = new Map(results.map((r, i) => [r.chunk_id, i]));
    const passages = sectionPassages(docs, ranks);
    if (!wanted.length || !passages.length) return { text: NOT_FOUND_ANSWER, cited: [], quoted: new Map() };
    // Names of the follow-up's own words: the topic it borrowed was looked up in its turn.
    const names = nameTerms(question ?? query);
    const weights = termWeights(wanted, passages, question ? new Set(terms(question)) : undefined, names);
    const ranked = onTopic(
      rankSections(passages, weights, kind, questionIntent(question ?? query)),
      question ? wanted.filter((t) => !terms(question).includes(t)) : [],
    );
    const first = ranked[0]!;
    if (!answersQuestion(ranked, names, passages))
      return { text: NOT_FOUND_ANSWER, cited: [], quoted: new Map() };
    // A "how do I…" question answered by steps under headings naming all its words needs no other section.
    const procedure = kind === 'how' && isProcedureFor(first.passage, weights);
    const second = this.secondPassage(first, ranked, weights, procedure);
    if (second) {
      const shared = Math.round(this.targetWords * SHARED_BUDGET);
      return this.quoteSections(
        [
          {
            passage: first.passage,
            maxWords: Math.round(this.maxWords * SHARED_BUDGET),
            targetWords: shared,
          },
          { passage: second.passage, maxWords: this.maxWords, targetWords: shared },
        ],
        weights,
        kind,
      );
    }
    const whole = { passage: first.passage, maxWords: this.wholeWords, targetWords: this.targetWords };
    const related =
      ranked[1] && ranked[1].score >= RELATED * first.score && answersBeside(first, ranked[1]) && !procedure
        ? ranked[1]
        : undefined;
    if (!related) return this.quoteSections([whole], weights, kind);
    return this.quoteSections(
      [
        { ...whole, maxWords: this.wholeWords - BRIEF.maxWords },
        { passage: related.passage, ...BRIEF },
      ],
      weights,
      kind,
    );
  }

  /**
   * Quotes one or two sections, each within its own word budget and all within the answer's,
   * each cited by its document's number; a sentence an earlier quote said is not quoted again.
   */
  private quoteSections(
    quotes: { passage: SectionPassage; maxWords: number; targetWords: number }[],
    weights: TermWeights,
    kind: QuestionKind,
  ): ComposedAnswer {
    const cited: number[] = [];
    const quoted = new Map<number, SearchResult>();
    const seen: Unit[] = [];
    const parts: string[] = [];
    let left = this.maxWords;
    for (const { passage, maxWords, targetWords } of quotes) {
      const budget = Math.min(maxWords, left);
      // What an earlier quote already said is left out before the window is chosen, so the
      // window holds what this section adds.
      const fresh = { ...passage, units: passage.units.filter((u) => !repeats(u, seen)) };
      const units = fresh.units.length
        ? chooseWindow(fresh, weights, { maxWords: budget, targetWords, kind })
        : [];
      if (!units.length) continue;
      seen.push(...units);
      if (!cited.includes(passage.doc)) cited.push(passage.doc);
      if (!quoted.has(passage.doc)) quoted.set(passage.doc, passage.chunk);
      parts.push(quotePassage(units, `[${cited.indexOf(passage.doc) + 1}]`, passage.section));
      left -= units.reduce((n, u) => n + u.words, 0);
    }
    return { text: parts.join('\n\n'), cited, quoted };
  }

  /**
   * A second section: the runner-up when it answers about as well (a near tie), or one that holds
   * most of what the first leaves unanswered when that is a good part of the question.
   */
  private secondPassage(
    first: ScoredSection,
    ranked: ScoredSection[],
    weights: TermWeights,
    procedure: boolean,
  ): ScoredSection | undefined {
    if (
      ranked[1] &&
      ranked[1].score >= NEAR_TIE * first.score &&
      answersBeside(first, ranked[1]) &&
      !procedure
    )
      return ranked[1];
    const missing = new Map([...weights].filter(([t]) => !holds(first.passage, t)));
    const need = weightOf(missing, () => true);
    if (need < SECOND_PASSAGE_NEED * weightOf(weights, () => true)) return undefined;
    return ranked
      .slice(1)
      .find(
        (s) => s.score >= 0.5 * first.score && weightOf(missing, (t) => holds(s.passage, t)) >= 0.5 * need,
      );
  }
}

/**
 * Whether a section is the procedure a "how do I…" question asks for: steps or a command, under
 * headings that name every word of the question.
 */
function isProcedureFor(passage: SectionPassage, weights: TermWeights): boolean {
  const steps = passage.units.some((u) => u.kind === 'code' || u.kind === 'item');
  return steps && [...weights.keys()].every((t) => passage.headingTerms.has(t));
}

/**
 * Whether a runner-up near the best section is another answer to show beside it. A definition
 * answers a "what is" question alone: a section that does not define the subject too (a list of
 * `docqa_…` metrics for "What is docqa?") is not. Nor is a section about another task on the same
 * subject ("Backing up AOF persistence") beside one that does what is asked with a command or
 * setting (`appendonly yes` for "turn on the AOF").
 */
function answersBeside(first: ScoredSection, other: ScoredSection): boolean {
  const commands = first.passage.units.some((u) => u.kind === 'code');
  if (other.fit < 1 && first.fit > 1 && commands) return false;
  return other.defines || !first.defines;
}

/**
 * Whether a unit says again what an earlier one said: nearly all its words (page numbers aside)
 * are in one sentence already quoted, or it holds such a sentence whole (a manual's run-on line
 * that repeats a sentence quoted just before).
 */
function repeats(unit: Unit, seen: Unit[]): boolean {
  const words = [...unit.terms].filter((t) => !/^\d+$/.test(t));
  if (!words.length) return false;
  const text = flat(unit.text);
  return seen.some(
    (s) =>
      words.filter((t) => s.terms.has(t)).length >= 0.85 * words.length ||
      (s.words >= MIN_REPEATED_WORDS && text.includes(flat(s.text))),
  );
}

/** Fewest words of a quoted sentence that another unit holding it whole repeats. */
const MIN_REPEATED_WORDS = 5;

/** Text with its white space as single spaces, for comparing sentences. */
function flat(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
