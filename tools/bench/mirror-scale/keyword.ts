/**
 * The search mirror's keyword ranking alone, today's (`MirrorTerms.rank`) beside a copy of it as
 * of 1f8872e (`keyword-reference.ts`, "before"), on the postings of `rows` rows of the bench's
 * corpus (90 % in the searched tenant, a seventh each of two versions) held once: `queries`
 * queries of 5 words after 20 warm-up ones, the two rankings in turn (which goes first
 * alternating), every fifth query with a version; CPU time of each ranking (`BestRows` filled, the
 * rows' tenants and versions checked). Every query's rows must be the same in both, and each hit's
 * score `keywordScore`'s for its text to the last bit; the bench stops at the first that is not.
 * With the same code on both sides the ratio of the two was 0.87 to 0.91 at load 15 to 29 (the
 * reference, plain functions, goes faster): a lever shows only past that.
 *
 *   npm run bench:mirror-scale -- --keyword [--chunks 1000000] [--limit 10]
 */
import { loadavg } from 'node:os';
import {
  BM25_B,
  BM25_K1,
  keywordScore,
  queryTerms,
  queryWeights,
  searchText,
  type SparseVector,
} from '@docqa/retrieval';
import { BestRows } from '../../../libs/embedded-store/src/best-rows';
import { MirrorTerms } from '../../../libs/embedded-store/src/mirror-terms';
import { sentences } from './corpus';
import { referenceRank } from './keyword-reference';

const WARM_UP = 20;

/** The corpus's rows as the mirror holds them, and their texts (to score the hits). */
interface Corpus {
  terms: MirrorTerms;
  lengths: Uint32Array;
  /** 1: the searched tenant, 2: another. */
  tenants: Uint8Array;
  /** 0: no version, 1 or 2. */
  versions: Uint8Array;
  texts: Buffer[];
  average: number;
}

function corpus(rows: number): Corpus {
  const sentence = sentences(42);
  const terms = new MirrorTerms();
  const lengths = new Uint32Array(rows);
  const tenants = new Uint8Array(rows).map((_, slot) => (slot % 10 === 9 ? 2 : 1));
  const versions = new Uint8Array(rows).map((_, slot) => (slot % 7 < 2 ? (slot % 7) + 1 : 0));
  const texts: Buffer[] = [];
  let sum = 0;
  for (let slot = 0; slot < rows; slot++) {
    const text = Buffer.from(searchText({ title: sentence(4), heading: sentence(3), text: sentence(80) }));
    texts.push(text);
    sum += lengths[slot] = terms.addText(text, 0, text.length, slot);
  }
  terms.trim();
  return { terms, lengths, tenants, versions, texts, average: sum / rows };
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** Runs the micro-bench and prints its figures. */
export function keywordBench(rows: number, queries: number, limit: number): void {
  const started = performance.now();
  const { terms, lengths, tenants, versions, texts, average } = corpus(rows);
  // As `SearchMirror` computes them (`check` below finds any difference in a hit's score).
  const norms = Float64Array.from(lengths, (length) => BM25_K1 * (1 - BM25_B + (BM25_B * length) / average));
  terms.setLengths(0, rows, lengths);
  terms.setNorms(
    lengths.reduce((a, b) => Math.max(a, b), 0),
    (length) => BM25_K1 * (1 - BM25_B + (BM25_B * length) / average),
  );
  const df = new Map([...terms.postings].map(([id, list]) => [id, list.size]));
  // The reference ranks lists of JavaScript arrays (a copy of each list out of the kernel's memory).
  const lists = new Map(
    [...terms.postings].map(([id, list]) => [id, { ...terms.postingsOf(id), size: list.size }]),
  );
  let postings = 0;
  for (const list of terms.postings.values()) postings += list.size;
  console.log(
    `${rows.toLocaleString('en')} rows, ${postings.toLocaleString('en')} postings, made in ` +
      `${((performance.now() - started) / 1000).toFixed(0)} s; load ${loadavg()[0]!.toFixed(2)}`,
  );
  const query = sentences(7);
  const times = { before: [] as number[], today: [] as number[] };
  let reached = 0;
  for (let q = 0; q < WARM_UP + queries; q++) {
    const weights = queryWeights(queryTerms(query(5)), { chunks: rows, df });
    const version = q % 5 === 4 ? 1 : 0;
    const accepts = (slot: number) =>
      tenants[slot] === 1 && (!version || !versions[slot] || versions[slot] === version);
    const rank = (which: keyof typeof times) => {
      const best = new BestRows(limit);
      const from = cpuMs();
      if (which === 'today') terms.rank(weights, rows, best, accepts);
      else referenceRank(lists, weights, rows, norms, best, accepts);
      const ms = cpuMs() - from;
      if (q >= WARM_UP) times[which].push(ms);
      return best.rows();
    };
    const [first, second] = q % 2 ? (['before', 'today'] as const) : (['today', 'before'] as const);
    const hits = { [first]: rank(first), [second]: rank(second) } as Record<
      keyof typeof times,
      ReturnType<typeof rank>
    >;
    check(hits.today, hits.before, weights, texts, average, q);
    for (const id of weights.indices) reached += terms.postings.get(id)?.size ?? 0;
  }
  const row = (which: keyof typeof times) =>
    `${percentile(times[which], 0.5).toFixed(2)} / ${percentile(times[which], 0.95).toFixed(2)}`;
  console.log(
    [
      `${queries} queries, limit ${limit}, ${Math.round(reached / (WARM_UP + queries)).toLocaleString('en')} postings a query; load ${loadavg()[0]!.toFixed(2)}`,
      '| ranking, CPU time | p50 / p95 ms |',
      '|---|---|',
      `| before (keyword-reference.ts) | ${row('before')} |`,
      `| today (MirrorTerms.rank) | ${row('today')} |`,
      `ratio of p50s ${(percentile(times.before, 0.5) / percentile(times.today, 0.5)).toFixed(2)}; every hit checked`,
    ].join('\n'),
  );
}

/** Throws unless both rankings give the same rows, today's scored as `keywordScore` scores them. */
function check(
  today: { slot: number; score: number }[],
  before: { slot: number; score: number }[],
  weights: SparseVector,
  texts: Buffer[],
  average: number,
  q: number,
): void {
  const same = today.length === before.length && today.every((hit, i) => hit.slot === before[i]!.slot);
  const exact = today.every(
    (hit) => hit.score === keywordScore(texts[hit.slot]!.toString(), weights, average),
  );
  if (!same || !exact) throw new Error(`query ${q}: ${same ? 'a score not keywordScore’s' : 'other rows'}`);
}
