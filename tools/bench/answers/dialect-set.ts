import type { Answerer } from '@docqa/answering';
import type { SearchMode } from '@docqa/contracts';
import type { Retrieval } from '@docqa/retrieval';
import { rankedDocs } from '../eval-data';
import { citedDocuments, median, runAnswer, type RunAnswer } from './answer-run';
import type { DialectCorpus, Half, HalvedQuestion } from './dialect-corpora';
import { KEY_RANK_DEPTH, keyRank, missClass, type PassageLog } from './miss-class';
import { citesGold, declined, missingKeyStrings, rankScores, type RankScores } from './dialect-scoring';

/** The search modes whose retrieval is measured. */
export const SEARCH_MODES: SearchMode[] = ['keyword', 'semantic', 'hybrid'];

/** Figures of one half of a corpus's questions. */
export interface HalfFigures {
  /** Covered questions asked first in their chat, and those of them whose answer: */
  covered: number;
  /** …holds every key string; */
  keysHeld: number;
  /** …cites a gold page; */
  goldCited: number;
  /** …is "not covered". */
  wronglyDeclined: number;
  uncovered: number;
  declined: number;
  followUps: number;
  followUpKeysHeld: number;
  followUpGoldCited: number;
  /** Words of each answer to a covered question, follow-ups included. */
  words: number[];
  /** Retrieval of the covered first questions, summed over them, per search mode. */
  retrieval: Record<SearchMode, RankScores>;
  /** Each miss: why, then the answer and its sources. */
  misses: string[];
}

function emptyHalf(): HalfFigures {
  const zero = (): RankScores => ({ hit1: 0, hit5: 0, ndcg10: 0 });
  return {
    covered: 0,
    keysHeld: 0,
    goldCited: 0,
    wronglyDeclined: 0,
    uncovered: 0,
    declined: 0,
    followUps: 0,
    followUpKeysHeld: 0,
    followUpGoldCited: 0,
    words: [],
    retrieval: { keyword: zero(), semantic: zero(), hybrid: zero() },
    misses: [],
  };
}

/** Median answer length of a half, in words. */
export const medianWords = (f: HalfFigures): number => (f.words.length ? median(f.words) : 0);

function missReport(q: HalvedQuestion, why: string, answer: RunAnswer): string {
  return (
    `${q.id} (${q.half}): ${why}\n    Q: ${q.question}\n${answer.text.replace(/^/gm, '    | ')}` +
    `\n    sources: ${answer.sources.map((s) => s.url ?? s.document_id).join(' ') || 'none'}`
  );
}

/** Scores one answer into its half's figures; `where` says where a missing key string was. */
function score(f: HalfFigures, q: HalvedQuestion, answer: RunAnswer, where: (key: string) => string): void {
  if (q.covered === false) {
    f.uncovered++;
    if (declined(answer.text)) f.declined++;
    else f.misses.push(missReport(q, 'answered a question the corpus does not cover', answer));
    return;
  }
  const missing = missingKeyStrings(answer.text, q.must ?? []);
  const cited = citedDocuments(answer);
  const goldCited = citesGold(cited, q.gold ?? []);
  f.words.push(answer.words);
  if (q.follows) {
    f.followUps++;
    if (!missing.length) f.followUpKeysHeld++;
    if (goldCited) f.followUpGoldCited++;
  } else {
    f.covered++;
    if (!missing.length) f.keysHeld++;
    if (goldCited) f.goldCited++;
    if (declined(answer.text)) f.wronglyDeclined++;
  }
  const why = [
    declined(answer.text) ? 'declined' : '',
    missing.length ? `missing ${missing.map((k) => `${k} [${where(k)}]`).join(', ')}` : '',
    goldCited ? '' : `cited ${[...cited].join(', ') || 'nothing'} (gold ${(q.gold ?? []).join(', ')})`,
  ].filter(Boolean);
  if (why.length) f.misses.push(missReport(q, why.join('; '), answer));
}

/** Adds each mode's retrieval of a covered first question to its half's sums. */
async function scoreRetrieval(
  f: HalfFigures,
  q: HalvedQuestion,
  retrieval: Retrieval,
  version?: string,
): Promise<void> {
  for (const mode of SEARCH_MODES) {
    const { results } = await retrieval.search({
      tenants: ['eval'],
      query: q.question,
      mode,
      filters: [],
      limit: 40,
      version,
    });
    const scores = rankScores(rankedDocs(results, 10), q.gold ?? []);
    const sum = f.retrieval[mode];
    sum.hit1 += scores.hit1;
    sum.hit5 += scores.hit5;
    sum.ndcg10 += scores.ndcg10;
  }
}

/**
 * For each key string an answer to a covered question lacks, where its gold passage ranks in the
 * answerer's first search made deeper (see `keyRank`), as the miss report writes it.
 */
async function missingKeyRanks(
  retrieval: Retrieval,
  q: HalvedQuestion,
  answer: RunAnswer,
  query: Parameters<Retrieval['search']>[0] | undefined,
): Promise<Map<string, string>> {
  const ranks = new Map<string, string>();
  if (q.covered === false || !query) return ranks;
  for (const key of missingKeyStrings(answer.text, q.must ?? [])) {
    const rank = await keyRank(retrieval, query, key, q.gold ?? []);
    const where = rank ? `at rank ${rank} of ${KEY_RANK_DEPTH}` : `not in the first ${KEY_RANK_DEPTH}`;
    ranks.set(key, `; its passage ${where}`);
  }
  return ranks;
}

/**
 * Asks every question of a corpus (a follow-up after the answer to the question it follows, in
 * the same chat) and searches each covered first question in every mode; the figures per half.
 * The answerer searches through `log`, which tells where each missing key string was. A corpus
 * with docs versions is asked in `version` (the API asks a question without one in its tenant's
 * default version).
 */
export async function runDialectSet(
  answerer: Answerer,
  retrieval: Retrieval,
  questions: HalvedQuestion[],
  log: PassageLog,
  corpus: DialectCorpus,
  version?: string,
): Promise<Record<Half, HalfFigures>> {
  const figures = { dev: emptyHalf(), test: emptyHalf() };
  const answers = new Map<string, RunAnswer>();
  for (const q of questions) {
    const previous = q.follows ? questions.find((p) => p.id === q.follows) : undefined;
    const history = previous
      ? [{ question: previous.question, answer: answers.get(previous.id)?.text ?? '' }]
      : [];
    const answer = await runAnswer(answerer, q.question, history, version);
    const passages = log.take();
    answers.set(q.id, answer);
    const ranks = await missingKeyRanks(retrieval, q, answer, passages.query);
    score(
      figures[q.half],
      q,
      answer,
      (key) => `${missClass(key, q.gold ?? [], passages, corpus)}${ranks.get(key) ?? ''}`,
    );
    if (q.covered !== false && !q.follows) await scoreRetrieval(figures[q.half], q, retrieval, version);
  }
  return figures;
}
