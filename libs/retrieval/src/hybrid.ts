import type { SearchResult } from '@docqa/contracts';

/** Weights of the two rankings in hybrid search. */
export interface HybridWeights {
  keyword: number;
  semantic: number;
}

/**
 * Candidates each ranking contributes to a fusion of `limit` results. Measured at limit 10 and 5
 * on the eval data: twice the limit (at least 20) ranks as well as three times (nDCG@10 SciFact
 * 0.690 / 0.670 against 0.688 / 0.669, emanual-tv 0.824 / 0.809 against 0.824 / 0.808; Qdrant's
 * fusion, run against the test emulation, the same at both depths) and the answers are unchanged,
 * while an embedded hybrid search reads and re-scores a third fewer rows.
 */
export function hybridDepth(limit: number): number {
  return Math.max(limit * 2, 20);
}

/**
 * Hits at the top of a ranking whose spread measures how sure the ranking is of its first ones
 * (see {@link margin}).
 */
const MARGIN_DEPTH = 5;

/**
 * How far a ranking's first hit stands above its fifth, as a share of the first's score: 0 when
 * the ranking sees five equal hits, near 1 when one hit stands out. A ranking with fewer hits
 * than that is as sure as its spread over them.
 */
export function margin(results: { score: number }[]): number {
  const first = results[0]?.score ?? 0;
  if (first <= 0 || results.length < 2) return results.length ? 1 : 0;
  const last = results[Math.min(MARGIN_DEPTH, results.length) - 1]!.score;
  return Math.min(1, Math.max(0, (first - last) / first));
}

/** Most a margin ratio counts: the semantic weight grows at most fourfold (0.25 → 1 by default). */
const MAX_MARGIN_RATIO = 16;

/**
 * The weight a hybrid search gives its semantic ranking for one query: the configured weight,
 * scaled by the square root of how much surer the semantic ranking is of its first hits than the
 * keyword ranking (their {@link margin}s, on the rankings' own scores). When keyword search sees
 * a flat field (every passage holds the query's words) and the embedding singles one out, the
 * embedding decides more; when keyword search has a clear winner, it stays. The semantic-only
 * right answers have the larger semantic margin in 82 % (SciFact) and 62 % (emanual-tv) of pairs.
 * How the weight, the scale and the page evidence of {@link fuseRankings} were chosen:
 * docs/knowledge-base.md, "Search modes".
 */
export function semanticWeight(
  keyword: { score: number }[],
  semantic: { score: number }[],
  weights: HybridWeights,
): number {
  if (!keyword.length) return weights.semantic;
  const ratio = margin(semantic) / Math.max(margin(keyword), 1e-6);
  return weights.semantic * Math.sqrt(Math.min(ratio, MAX_MARGIN_RATIO));
}

/**
 * Rank of the semantic hit from whose score a document's further semantic hits are measured as
 * evidence (see {@link evidenceScale}): the hashed embedding gives every passage some similarity,
 * and what tells a page the embedding keeps finding from a page it grazes is the hits' height above
 * that floor, not their share of the best score (summed that way, the 80 hits of a 40-result search
 * made any long page win). Within every ranking's depth (hybridDepth is at least 20), so the scale
 * does not change with the number of results asked.
 */
const EVIDENCE_FLOOR_RANK = 10;

/** What a document's further semantic hits add to its best passage (× the semantic weight). */
const PAGE_EVIDENCE = 1;

/**
 * A semantic ranking's scores (best first) as 0..1 above its {@link EVIDENCE_FLOOR_RANK}th: a
 * ranking shorter than that has no floor and is scaled by its best hit; one whose hits score
 * alike scores each 1.
 */
export function evidenceScale(results: { score: number }[]): (score: number) => number {
  const best = results[0]?.score ?? 0;
  const floor = results.length >= EVIDENCE_FLOOR_RANK ? results[EVIDENCE_FLOOR_RANK - 1]!.score : 0;
  const span = best - floor;
  return (score) => (span > 0 ? Math.max(0, score - floor) / span : 1);
}

/**
 * The one fusion of hybrid search, for every store: the keyword and the semantic ranking (each
 * {@link hybridDepth} deep) of passages, and the documents they belong to.
 * - A passage scores the sum of its scores in each ranking scaled by the ranking's best hit (a hit
 *   missing from a ranking scores 0 there), keyword ones at `weights.keyword` and semantic ones at
 *   {@link semanticWeight}.
 * - A document's further semantic hits (after its best) are evidence for the document: their
 *   scores on {@link evidenceScale}, summed, × the semantic weight × {@link PAGE_EVIDENCE}, are
 *   added to the document's best passage in the fused ranking (its other passages keep their own
 *   scores, so the results do not fill with one document's passages).
 * - A document among the first pages of both rankings whose best passage was found by one of
 *   them only gets part of its best score in the other too; the document both rankings put
 *   first, part of the way to its best score in each (see {@link agreement}).
 * `identity` says which hits are one passage (a ranking counts each once), `page` which passages
 * are of one document.
 */
export function fuseRankings<T extends { score: number }>(
  keyword: T[],
  semantic: T[],
  weights: HybridWeights,
  identity: (hit: T) => unknown,
  page: (hit: T) => unknown,
): T[] {
  const fused = new Map<unknown, Fused<T>>();
  const evidence = new Map<unknown, number>();
  const keywordBest = Math.max(...keyword.map((r) => r.score), 1e-9);
  const semanticBest = Math.max(...semantic.map((r) => r.score), 1e-9);
  const evidenceScore = evidenceScale(semantic);
  const semanticShare = semanticWeight(keyword, semantic, weights);
  const keywordScore = (r: T) => (weights.keyword * Math.max(0, r.score)) / keywordBest;
  const semanticScore = (r: T) => (semanticShare * Math.max(0, r.score)) / semanticBest;
  const add = (results: T[], leg: 'keyword' | 'semantic', pages?: Set<unknown>) => {
    const seen = new Set<unknown>();
    const score = leg === 'keyword' ? keywordScore : semanticScore;
    for (const result of results) {
      const id = identity(result);
      if (seen.has(id)) continue;
      seen.add(id);
      const entry = fused.get(id) ?? { result, score: 0, keyword: 0, semantic: 0 };
      entry[leg] = score(result);
      entry.score += entry[leg];
      fused.set(id, entry);
      if (!pages) continue;
      const key = page(result);
      const further = semanticShare * PAGE_EVIDENCE * evidenceScore(result.score);
      if (pages.has(key)) evidence.set(key, (evidence.get(key) ?? 0) + further);
      else pages.add(key);
    }
  };
  add(keyword, 'keyword');
  add(semantic, 'semantic', new Set());
  const agreed = {
    keyword: leadingPages(keyword, page, keywordScore),
    semantic: leadingPages(semantic, page, semanticScore),
  };
  const ranked = [...fused.values()].sort((a, b) => b.score - a.score);
  const firstPage = agreed.keyword.keys().next().value;
  const firstOfBoth = agreed.semantic.keys().next().value === firstPage ? firstPage : undefined;
  const lifted = new Set<unknown>();
  for (const entry of ranked) {
    const key = page(entry.result);
    if (lifted.has(key)) continue;
    lifted.add(key);
    const pages = [agreed.keyword.get(key), agreed.semantic.get(key)] as const;
    entry.score += (evidence.get(key) ?? 0) + agreement(entry, ...pages, key === firstOfBoth);
  }
  return ranked
    .sort((a, b) => b.score - a.score)
    .map(({ result, score }) => ({ ...result, score: Math.round(score * 1e6) / 1e6 }));
}

/** A passage in the fusion: its score so far, and its fused score in each ranking (0 if missing). */
interface Fused<T> {
  result: T;
  score: number;
  keyword: number;
  semantic: number;
}

/**
 * Pages counted as a ranking's leading ones for {@link agreement}. On the docs sites' dev and
 * probe questions 3 lifted one gold page of two into the answerer's six passages, and 10 also
 * pages the rankings merely grazed, which pushed a gold page out (docs/benchmarks.md, h-ret).
 */
const AGREEMENT_PAGES = 5;

/**
 * Share of the page's best score in a ranking that {@link agreement} adds (0.5 and 1 lifted the
 * same pages on those questions; for the page both rankings put first, 0.4 to 0.75 ranked every
 * set the same, h-fu).
 */
const AGREEMENT_SHARE = 0.5;

/**
 * The first {@link AGREEMENT_PAGES} pages of a ranking (in the order their first hits come),
 * each with its best hit's fused score in that ranking.
 */
function leadingPages<T extends { score: number }>(
  results: T[],
  page: (hit: T) => unknown,
  score: (hit: T) => number,
): Map<unknown, number> {
  const pages = new Map<unknown, number>();
  for (const result of results) {
    if (pages.size >= AGREEMENT_PAGES) break;
    const key = page(result);
    if (!pages.has(key)) pages.set(key, score(result));
  }
  return pages;
}

/**
 * What a page both rankings lead with adds to its best passage: {@link AGREEMENT_SHARE} of the
 * page's best score in a ranking that did not return that passage. Keyword search and the
 * embedding often find a page through different passages (a command page's one-line summary and
 * its usage), and a passage counts 0 in a ranking that did not return it. For the page both
 * rankings put `first`, the share is of the gap between the passage's score in each ranking and
 * the page's best there, so a passage the other ranking returned lower gains too: found by both,
 * it gained nothing, and a short passage of another page that both rankings return just under
 * their first (a section's two-sentence tail) outranked the page they both put first.
 */
function agreement<T>(
  entry: Fused<T>,
  keywordPage: number | undefined,
  semanticPage: number | undefined,
  first: boolean,
): number {
  if (keywordPage === undefined || semanticPage === undefined) return 0;
  const gap = (page: number, own: number) => (first ? Math.max(0, page - own) : own ? 0 : page);
  return AGREEMENT_SHARE * (gap(keywordPage, entry.keyword) + gap(semanticPage, entry.semantic));
}

/**
 * Identity of a search result. Chunk ids are unique per tenant only, and results do not name their
 * tenant: in a search of several tenants the same chunk id with different text is two results,
 * while identical passages collapse into one.
 */
export function fusionKey(result: SearchResult): string {
  return `${result.chunk_id}\u0000${result.text}`;
}
