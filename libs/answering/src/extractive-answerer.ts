import type { SearchResult } from '@docqa/contracts';
import { contextDocuments, numberedSources } from './citations';
import { quotingWeights, standaloneQuery, topicSources } from './follow-up';
import { NOT_FOUND_ANSWER, type AnswerChunk, type AnswerInput, type Answerer } from './answer-types';
import { inAskersLanguage } from './fixed-phrases';
import { briefScore, type TermWeights } from './passage-choice';
import { askedTabs } from './asked-tab';
import { chooseWindow } from './passage-window';
import { pieces } from './pieces';
import { asksForTask, asksWhere, asksWhy, questionKind, type QuestionKind } from './question-kind';
import { namesOption, quotePassage } from './quote-passage';
import { chosenOrder, rankedChoice, type ChosenOrder } from './ranked-choice';
import { searchPassages } from './search-passages';
import { sectionOpening } from './section-opening';
import {
  CODE_BLOCK,
  INLINE_CODE,
  documentPassages,
  headedBy,
  pageCode,
  pageExample,
  sentExamples,
  sectionAbove,
  sectionByPlace,
  wholer,
} from './document-passages';
import { commandPages, withUsage } from './page-parts';
import { runsOnly } from './sample-run';
import { isCopy, unsaid } from './quote-once';
import { commandBeforeOptions } from './option-list';
import { answersBeside, commandFirst, isProcedureFor, NEAR_TIE, secondPassage } from './second-passage';
import type { SectionPassage, Unit } from './section-passage';
import { bestBrief, holdsQuestion, thirdSection } from './brief-runner-up';
import { doesOtherThing, neverWritten, type NeverWritten } from './never-written';
import { heldApart } from './asked-together';
import { sharesNamedSubject } from './named-subject';
import type { Searcher } from '@docqa/retrieval';
import { nameTerms } from './text';
import { askedSubsections, subsectionList } from './subsection-list';

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
 * well is quoted briefly (a sentence or two), after one section or two. A section quoted alone is
 * quoted whole up to {@link ExtractiveOptions.wholeWords}, else its best part. Answers cite `[n]`
 * by the numbered sources of the record and stream in pieces. When nothing retrieved is relevant
 * it says so rather than inventing an answer.
 */
/** What was asked, as the answer is composed for it (see `ExtractiveAnswerer.compose`). */
type Asked = {
  query: string;
  results: SearchResult[];
  kind: QuestionKind;
  question?: string;
  said?: string;
};

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
    const kind = questionKind(input.question);
    const own = query === input.question ? undefined : input.question;
    const found = await searchPassages(this.retriever, input, query, this.topK);
    // What the turn before answered, which a follow-up does not ask again.
    const said = own ? input.history.at(-1)?.answer : undefined;
    // Ranked once: the page reads below and the answer follow the same order.
    const chosen = chosenOrder(rankedChoice(query, found, own, kind, said));
    const read = await this.pagePassages(input, query, found, kind, chosen, own);
    // The opening of the section a how-do-I names, when retrieval found a later part (see `sectionOpening`).
    const task = asksForTask(own ?? query, kind);
    const opening = await sectionOpening(this.retriever, input, chosen, [...found, ...read], task, this.topK);
    const more = [...read, ...opening];
    // The subsections of a section that introduces the kinds asked for (see `askedSubsections`).
    const below = await askedSubsections(this.retriever, input, own ?? query, chosen?.order[0]);
    const results = [...found, ...more];
    // A word of the question the documents never write (see `neverWritten`).
    const unwritten = await neverWritten(this.retriever, input, found);
    yield { type: 'status', status: 'generating' };
    const asked = { query, results: found, kind, question: own, said };
    const { text, cited, quoted } = this.composed(asked, chosen, more, unwritten, below);
    for (const piece of pieces(inAskersLanguage(text, input.locale), this.wordsPerDelta)) {
      if (input.signal?.aborted) throw new Error('answer aborted');
      yield { type: 'delta', text: piece };
    }
    // A question the documents do not cover lists no sources: what retrieval found does not answer it.
    const sources = cited.length ? numberedSources(contextDocuments(results), cited, quoted) : [];
    yield { type: 'sources', sources: own ? topicSources(sources, results, query, own) : sources };
  }

  /**
   * More passages of the best section's page (see `documentPassages`): for a how-do-I, the
   * passages for the question of the pages where the part that gives its command may be (see
   * `commandPages`: the best section's when it gives none, a near runner-up's that lists only
   * options), in one search, and the best section's page's leading example read by its place
   * (see `pageExample`) when that search, over that page and a runner-up's, finds no code of it;
   * when no retrieved section holds a code block but one writes inline code, that page's code
   * (see `pageCode`) instead; none when nothing retrieved holds code of either kind (docs that
   * write no commands, a TV manual, have no command section to find, and a second read would cost
   * each of their answers). For a what-is
   * or which question whose best section's headings name what it asks (see `headedBy`), the
   * page's passages for that section's heading, which hold its opening; for a what-question
   * answered by an option's section (see `namesOption`), that section read by its place.
   */
  private async pagePassages(
    input: AnswerInput,
    query: string,
    found: SearchResult[],
    kind: QuestionKind,
    chosen: ChosenOrder | null,
    question?: string,
  ): Promise<SearchResult[]> {
    const task = asksForTask(question ?? query, kind);
    const coded = found.some((r) => CODE_BLOCK.test(r.text));
    if (task && !coded && !(this.retriever.documentChunks && found.some((r) => INLINE_CODE.test(r.text))))
      return [];
    if (!task && kind !== 'what' && kind !== 'which') return [];
    if (!chosen) return [];
    const { choice, order } = chosen;
    const first = order[0]!;
    const page = first.passage.chunk.document_id;
    // No code retrieved, but inline code: the best section's page may give its example in a part
    // no search for the question finds (see `pageCode`).
    if (task && !coded) return pageCode(this.retriever, input, query, first, found, this.topK);
    if (task) {
      // The page the best section sends the reader to by a link without an anchor (see `sentExamples`).
      const sent = await sentExamples(this.retriever, input, first, choice.weights, found, this.topK);
      const pages = commandPages(order, choice.weights);
      if (!pages.length) return sent;
      const searched = await documentPassages(
        this.retriever,
        input,
        query,
        pages,
        [...found, ...sent],
        this.topK * pages.length,
      ).then((r) => [...sent, ...r]);
      // A section that only runs code: the code it runs is in the section above (see `sectionAbove`).
      const have = [...found, ...searched];
      const above = runsOnly(first.passage, choice.weights)
        ? await sectionAbove(this.retriever, input, first.passage, have, this.topK)
        : [];
      // The page search may yield no code of the best section's page, alone (its other sections
      // share more of the question's words than its example: a reference page's option sections
      // over its "Configuration Examples", code that names the middleware and little else) or
      // beside a runner-up's page, which fills its passages: that page's own example is then read
      // by its place, as no search for the question found it. Not when only a runner-up's page
      // was searched: the best section gives its command itself.
      if (!pages.includes(page) || searched.some((r) => r.document_id === page && CODE_BLOCK.test(r.text)))
        return [...searched, ...above];
      const example = await pageExample(this.retriever, input, page, [...have, ...above], this.topK);
      return [...searched, ...above, ...example];
    }
    // A definition or a list under a heading that names what is asked: the rest of that section,
    // found by its heading, as its opening may not have been retrieved.
    const heading = first.passage.section.split(' › ').at(-1) ?? '';
    if (headedBy(first.passage, choice.weights))
      return documentPassages(this.retriever, input, heading, page, found, this.topK);
    // An option's section, long in a CLI reference, read whole: what is asked may be in a part
    // of it retrieval missed (the default path of `--config`, past its later part).
    return kind === 'what' && namesOption(heading)
      ? sectionByPlace(this.retriever, input, page, first.passage.section, found, this.topK)
      : [];
  }

  async health(): Promise<void> {}

  /** The answer for retrieved passages (in rank order), or the not-found answer. */
  compose(
    query: string,
    results: SearchResult[],
    kind: QuestionKind = questionKind(query),
    /** A follow-up's own words, when `query` borrows earlier turns' words. */
    question?: string,
    /**
     * More passages of the best section's page (see `pagePassages`): a how-do-I's command may
     * be quoted from them; they do not change which section answers.
     */
    more: SearchResult[] = [],
    /** A follow-up's previous answer (see `newBeforeSaid`). */
    said?: string,
    /** A word of the question the documents never write (see `neverWritten`). */
    unwritten?: NeverWritten,
    /** Subsections of the section that answers, listed after its quotes (see `subsectionList`). */
    subsections: SearchResult[] = [],
  ): ComposedAnswer {
    const chosen = chosenOrder(rankedChoice(query, results, question, kind, said));
    return this.composed({ query, results, kind, question, said }, chosen, more, unwritten, subsections);
  }

  /** {@link compose} for a question whose retrieved sections were ranked already (`chosen`). */
  private composed(
    { query, results, kind, question, said }: Asked,
    chosen: ChosenOrder | null,
    more: SearchResult[],
    unwritten: NeverWritten | undefined,
    subsections: SearchResult[],
  ): ComposedAnswer {
    if (!chosen) return { text: NOT_FOUND_ANSWER, cited: [], quoted: new Map() };
    const { choice, order } = chosen;
    const { passages, names, weights } = choice;
    // A follow-up's own words choose the part of a section quoted (see `quotingWeights`).
    const quoteWeights = quotingWeights(weights, choice.followUpTerms);
    if (
      (unwritten &&
        (unwritten.thing || doesOtherThing(order[0]!, unwritten.term, weights.keys(), passages, names))) ||
      heldApart(question ?? query, order)
    )
      return { text: NOT_FOUND_ANSWER, cited: [], quoted: new Map() };
    const task = asksForTask(question ?? query, kind);
    // A place asked is quoted where the section names it, not from its opening definition.
    const quoting = kind === 'what' && asksWhere(question ?? query) ? 'other' : kind;
    // A follow-up's order leads with what is new to it (see `newBeforeSaid`), which this keeps.
    // A list about a command gives way to a section that types it (see `commandBeforeOptions`).
    const ranked = task && !question ? commandBeforeOptions(commandFirst(order, weights)) : order;
    const commands = more.length
      ? rankedChoice(query, [...results, ...more], question, kind, said)!.ranked
      : ranked;
    const first = wholer(ranked[0]!, commands);
    const listed = subsectionList(first.passage, subsections);
    // A "how do I…" question answered by steps under headings naming all its words needs no other section.
    const procedure = kind === 'how' && isProcedureFor(first.passage, weights);
    const found = secondPassage(first, ranked, weights, task, procedure, commands);
    // A command's option help says what can be typed, its page's synopsis how (see `withUsage`).
    const next = task ? withUsage(first, found, commands, weights) : found;
    const second = next && wholer(next, commands);
    if (second) {
      const shared = Math.round(this.targetWords * SHARED_BUDGET);
      // A command of the first section's page took the place of a runner-up from another page:
      // that one is quoted briefly after it, as it may be the page that was meant.
      const other =
        second.passage.doc === first.passage.doc
          ? ranked.find((s) => s.passage.doc !== first.passage.doc)
          : undefined;
      // A copy of the first section (see `isCopy`) quoted beside it is not another answer: the
      // next section, if it answers well, is quoted briefly after both.
      const after = isCopy(second.passage, first.passage)
        ? ranked.find((s) => s.passage.doc !== first.passage.doc && s.passage.doc !== second.passage.doc)
        : undefined;
      const brief =
        other && other.score >= NEAR_TIE * first.score && answersBeside(first, other) && !procedure
          ? [{ passage: other.passage, ...BRIEF }]
          : after && briefScore(after) >= RELATED * first.score && answersBeside(first, after) && !procedure
            ? [{ passage: after.passage, ...BRIEF }]
            : [];
      // Else a third page's section answering well, briefly, in the words the two leave.
      const third = !brief.length && !procedure ? thirdSection(first, second, ranked, names) : undefined;
      return this.quoteSections(
        listed,
        [
          {
            passage: first.passage,
            maxWords: Math.round(this.maxWords * SHARED_BUDGET),
            targetWords: shared,
          },
          {
            passage: second.passage,
            maxWords: this.maxWords - (brief.length ? BRIEF.maxWords : 0),
            targetWords: shared,
          },
          ...brief,
          ...(third ? [{ passage: third.passage, ...BRIEF, holding: true }] : []),
        ],
        weights,
        quoting,
        task,
        nameTerms(question ?? query),
        quoteWeights,
        asksWhy(question ?? query),
      );
    }
    const whole = { passage: first.passage, maxWords: this.wholeWords, targetWords: this.targetWords };
    // An overview ranks low to answer, but as high as before to be quoted briefly beside the answer.
    const runnerUp = bestBrief(ranked.slice(1));
    // One that does not write a name of the question the first one writes shares only the
    // question's common words: it is about something else (see `sharesNamedSubject`).
    const related =
      runnerUp &&
      briefScore(runnerUp) >= RELATED * first.score &&
      answersBeside(first, runnerUp) &&
      sharesNamedSubject(question ?? query, first.passage, runnerUp.passage) &&
      !procedure
        ? runnerUp
        : undefined;
    const brief = related ? [{ passage: related.passage, ...BRIEF }] : [];
    const own = { ...whole, maxWords: this.wholeWords - (brief.length ? BRIEF.maxWords : 0) };
    return this.quoteSections(
      listed,
      [own, ...brief],
      weights,
      quoting,
      task,
      nameTerms(question ?? query),
      quoteWeights,
      asksWhy(question ?? query),
    );
  }

  /**
   * Quotes sections, each within its own word budget and all within the answer's, each cited by
   * its document's number; a sentence an earlier quote said is not quoted again, and a quote
   * marked `holding` is left out when it holds no word of the question (see `holdsQuestion`).
   * A list of the first section's subsections (`listed`), if any, follows the quotes.
   */
  private quoteSections(
    listed: string,
    quotes: { passage: SectionPassage; maxWords: number; targetWords: number; holding?: boolean }[],
    weights: TermWeights,
    kind: QuestionKind,
    task: boolean,
    /** The names the question writes (see `nameTerms`). */
    named: Set<string>,
    /** The weights the part quoted is chosen by (see `quotingWeights`). */
    windowWeights: TermWeights = weights,
    /** Whether the question asks why (see `asksWhy`). */
    why = false,
  ): ComposedAnswer {
    const cited: number[] = [];
    const quoted = new Map<number, SearchResult>();
    const seen: Unit[] = [];
    const parts: string[] = [];
    let left = this.maxWords;
    for (const { passage, maxWords, targetWords, holding } of quotes) {
      const budget = Math.min(maxWords, left);
      // What an earlier quote already said is left out before the window is chosen, so the
      // window holds what this section adds.
      // Of a tab set, the tabs the question names (see `askedTabs`).
      const fresh = { ...passage, units: askedTabs(unsaid(passage.units, seen), named, weights) };
      const units = fresh.units.length
        ? chooseWindow(fresh, windowWeights, { maxWords: budget, targetWords, kind, task, why })
        : [];
      if (!units.length || (holding && !holdsQuestion(units, weights))) continue;
      seen.push(...units);
      if (!cited.includes(passage.doc)) cited.push(passage.doc);
      if (!quoted.has(passage.doc)) quoted.set(passage.doc, passage.chunk);
      parts.push(
        quotePassage(units, `[${cited.indexOf(passage.doc) + 1}]`, passage.section, passage.chunk.title),
      );
      left -= units.reduce((n, u) => n + u.words, 0);
    }
    return { text: [...parts, ...(parts.length && listed ? [listed] : [])].join('\n\n'), cited, quoted };
  }
}
