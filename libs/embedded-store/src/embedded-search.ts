import type * as lancedb from '@lancedb/lancedb';
import type { SearchResult } from '@docqa/contracts';
import {
  averageTerms,
  candidateLimit,
  fuseRankings,
  hybridDepth,
  type HybridQuery,
  keywordScore,
  countedTerms,
  equivalentWords,
  queryTerms,
  queryText,
  queryWeights,
  searchText,
  type StoreQuery,
} from '@docqa/retrieval';
import { passingFilters, rowFields, type RankedHit } from './embedded-hits';
import { FTS_SCORE, IndexRanker, int8CosineWith, type RankQuery } from './index-ranking';
import type { MirrorKeeper } from './mirror-keeper';
import { firstResults, readPassages, RowsMoved } from './passage-reads';
import type { SearchMirror } from './search-mirror';
import type { TermStatsFiles } from './term-stats-files';
import type { TableVersions } from './table-versions';
import { VECTOR_INDEX_NPROBES } from './vector-index-plan';

/**
 * Full-text candidates re-scored per keyword result wanted. The index ranks by statistics of the
 * whole table; re-scoring with the searched tenants' own puts their best chunks first, as long as
 * the index's ranking keeps them among the candidates. Measured: three per result ranked the same
 * on the eval data (nDCG@10 within 0.002) and cost 2 ms more at 100,000 chunks.
 */
const KEYWORD_CANDIDATES_FACTOR = 2;
/** Fewest full-text candidates re-scored. */
const KEYWORD_CANDIDATES_MIN = 20;
/**
 * Rankings through the mirror a search tries before LanceDB's indexes: a second finds the rows the
 * first missed when the mirror published a later version between a hybrid search's two rankings.
 */
const MIRROR_TRIES = 2;
/**
 * A search's ranking of `table`, through `mirror` when given; `readAll`: every ranking reads its
 * passages in its own queries.
 */
type Ranking = (table: lancedb.Table, mirror: SearchMirror | null, readAll: boolean) => Promise<RankedHit[]>;
/**
 * The embedded store's searches: keyword (BM25 over the searched tenants' own statistics),
 * semantic (nearest by cosine) and hybrid (both fused), over the table `table()` opens. Each ranks
 * through the process's search mirror when it holds the table's latest version (in memory; the
 * version known from the table's files, the passages of the results read by row id), and
 * otherwise through LanceDB's indexes: full-text candidates re-scored by BM25, and the vector
 * index, tenants filtered before or after it.
 */
export class EmbeddedSearch {
  private ftsReady = false;
  private readonly ranker = new IndexRanker();

  constructor(
    private readonly deps: {
      table: () => Promise<lancedb.Table | null>;
      termStats: TermStatsFiles;
      /** Keeps the in-memory copy of the table that searches rank with when it is current. */
      mirror?: MirrorKeeper;
      /** The table's latest version from its files, and a handle for reads at it (with `mirror`). */
      versions?: TableVersions;
    },
  ) {}

  /**
   * The full-text index finds candidates among the searched tenants' rows; each is then scored by
   * BM25 with those tenants' term statistics, so no other tenant's rows weigh in.
   */
  async keyword(query: StoreQuery & { text: string }): Promise<SearchResult[]> {
    return this.search(query, (table, mirror) => this.keywordHits(table, mirror, query));
  }

  async semantic(query: StoreQuery & { vector: number[] }): Promise<SearchResult[]> {
    return this.search(query, (table, mirror) => this.semanticHits(table, mirror, query));
  }

  /**
   * Both rankings, each {@link hybridDepth} deep, fused by {@link fuseRankings}. The keyword ranking runs
   * while the query is embedded, and the semantic one beside it. Through LanceDB's indexes, the
   * semantic ranking reads no passages (unless metadata filters need them): the keyword ranking
   * has read those of the rows both found, and the few rows only the semantic one found that make
   * the results are read last (at 300,000 chunks reading 50 rows' passages inside the vector query
   * cost 1.7 ms).
   */
  async hybrid({ vector: embedding, weights, ...query }: HybridQuery): Promise<SearchResult[]> {
    const deep = { ...query, limit: hybridDepth(query.limit) };
    const rank: Ranking = async (table, mirror, readAll) => {
      const keyword = this.keywordHits(table, mirror, deep);
      keyword.catch(() => undefined); // awaited below; an embedding failure must not orphan it
      // Through the mirror, the passages of the keyword ranking's first `limit` hits are read on
      // LanceDB's threads while the semantic ranking runs on this one (at 300,000 of the bench's
      // chunks they were every result); results found otherwise are read after the fusion, each
      // passage once (docs/benchmarks.md, "Ties without reading passages").
      const early = mirror
        ? keyword.then((hits) => readPassages(table, hits.slice(0, query.limit), mirror))
        : null;
      early?.catch(() => undefined);
      if (early) await keyword.catch(() => undefined); // its read under way before the semantic ranking
      const vector = await embedding;
      const semantic = this.semanticHits(
        table,
        mirror,
        { ...deep, vector },
        readAll || query.filters.length > 0,
      );
      const [keywordHits, semanticHits, read] = await Promise.all([keyword, semantic, early]);
      if (read) keywordHits.splice(0, read.length, ...read);
      return fuseRankings(keywordHits, semanticHits, weights, (hit) => hit.rowId, documentOf);
    };
    return this.search(query, rank, true);
  }

  /**
   * The first `limit` hits of `rank` as results, ranked through the mirror when it holds the
   * version of the table the search reads (the latest: looked up once, for both rankings of a
   * hybrid search) or may serve the version it holds (see `MirrorKeeper.current`); the passages of
   * hits ranked without them are then read by row id at the mirror's version, so the results are
   * exactly those of that version. A row gone before that read (the version cleaned up since, or
   * the mirror published a later one between the rankings of a hybrid search) makes the search
   * rank once more through the mirror, and then through the indexes; there, a version committed
   * while it ranked makes it rank again at one version (a handle checked out at the latest), and
   * a row moved or removed between the ranking and the read (a compaction or a deletion committed
   * meanwhile) makes it rank again with `readAll` set: every ranking then reads its passages itself.
   * `distinct`: an identical passage of several searched tenants counts once (see `fusionKey`).
   */
  private async search(query: StoreQuery, rank: Ranking, distinct = false): Promise<SearchResult[]> {
    const run = async () => {
      const table = await this.deps.table();
      if (!table) return [];
      for (let tries = 0; this.deps.mirror && tries < MIRROR_TRIES; tries++) {
        const mirror = await this.deps.mirror.current(
          this.deps.versions?.latest() ?? (await table.version()),
        );
        if (!mirror) break;
        try {
          return await this.readingAt(table, mirror.version, async (reads) =>
            firstResults(reads, await rank(reads, mirror, false), query.limit, distinct, mirror),
          );
        } catch (error) {
          if (!(error instanceof RowsMoved)) throw error;
        }
      }
      try {
        const before = this.deps.versions?.latest();
        const hits = await rank(table, null, false);
        const after = this.deps.versions?.latest();
        // Each of the ranking's queries read the latest version; a commit between them (a
        // compaction gives every row a new id) would fuse one row's two rankings as two rows.
        if (after !== before && after != null)
          return await this.readingAt(table, after, async (reads) =>
            firstResults(reads, await rank(reads, null, false), query.limit, distinct),
          );
        return await firstResults(table, hits, query.limit, distinct);
      } catch (error) {
        if (!(error instanceof RowsMoved)) throw error;
        // A compaction or a deletion committed between the ranking and its reads.
        return firstResults(table, await rank(table, null, true), query.limit, distinct);
      }
    };
    return this.deps.mirror ? this.deps.mirror.searching(run) : run();
  }

  /**
   * Runs `read` with a handle on the table at `version` (see `TableVersions.reading`), or `table`
   * (whose reads read the latest) in a store without `versions`; {@link RowsMoved} when the version
   * is gone (cleaned up since).
   */
  private async readingAt<T>(
    table: lancedb.Table,
    version: number,
    read: (table: lancedb.Table) => Promise<T>,
  ): Promise<T> {
    if (!this.deps.versions) return read(table);
    let opened = false;
    try {
      return await this.deps.versions.reading(version, (reads) => {
        opened = true;
        return read(reads);
      });
    } catch (error) {
      if (opened) throw error;
      throw new RowsMoved();
    }
  }

  /** Keyword candidates re-scored by BM25 over the searched tenants' statistics, best first. */
  private async keywordHits(
    table: lancedb.Table,
    mirror: SearchMirror | null,
    query: StoreQuery & { text: string },
  ): Promise<RankedHit[]> {
    const text = queryText(query.text);
    if (!text || !(await this.hasFts(table))) return [];
    const terms = queryTerms(query.text);
    const stats = this.deps.termStats.read(query.tenants, countedTerms(terms));
    const weights = queryWeights(terms, stats);
    if (!weights.indices.length) return [];
    const average = averageTerms(stats);
    // Chunks holding an equivalent searched for a word the docs lack are candidates too, as the
    // mirror ranks every row by these weights.
    const asked = [text, ...equivalentWords(terms, weights)].join(' ');
    const search: RankQuery = (limit, where, select) => {
      const fts = table.search(asked, 'fts', 'search_text');
      return (where === null ? fts : fts.where(where))
        .select([...select, '_score'])
        .withRowId()
        .limit(limit)
        .toArrow();
    };
    // The mirror ranks every row of the version asked by these weights, as re-scoring does, ties
    // in `bestFirst`'s order too (its hits' passages are read later, or now for the metadata
    // filters); the index by its own.
    if (mirror) {
      const ranked = mirror.keyword(query.tenants, weights, average, candidates(query), query.version);
      return filtered(table, ranked, query, mirror);
    }
    const wanted = Math.max(candidates(query) * KEYWORD_CANDIDATES_FACTOR, KEYWORD_CANDIDATES_MIN);
    const { tenants, version } = query;
    const found = await this.ranker.hits(table, { tenants, version, wanted, search, score: FTS_SCORE });
    const scored = found
      // The search text again (what the index holds), from the fields it was made of.
      .map(({ row, rowId }) => ({
        rowId,
        row,
        score: keywordScore(searchText(rowFields(row)), weights, average),
      }))
      .filter((hit) => hit.score > 0)
      .sort(bestFirst);
    return passingFilters(scored, query);
  }

  /**
   * Nearest rows of the searched tenants, scored 1 − cosine distance; with their passages when
   * `read`, and then filtered by metadata (a ranking that leaves them unread has no filters).
   */
  private async semanticHits(
    table: lancedb.Table,
    mirror: SearchMirror | null,
    query: StoreQuery & { vector: number[] },
    read = true,
  ): Promise<RankedHit[]> {
    if (mirror) {
      const ranked = mirror.semantic(query.tenants, query.vector, candidates(query), query.version);
      return filtered(table, ranked, query, mirror);
    }
    // The index ranks by exact distances; the rows it finds are scored as the mirror scores them
    // (int8 cosines), so that a search gives the same scores whether the mirror was current or not.
    const search: RankQuery = (limit, where, select) => {
      const nearest = table.vectorSearch(query.vector).distanceType('cosine').nprobes(VECTOR_INDEX_NPROBES);
      return (where === null ? nearest : nearest.where(where))
        .select([...select, 'vector', '_distance'])
        .withRowId()
        .limit(limit)
        .toArrow();
    };
    const ranking = {
      tenants: query.tenants,
      version: query.version,
      wanted: candidates(query),
      search,
      score: int8CosineWith(query.vector),
    };
    if (!read) return (await this.ranker.rowIds(table, ranking)).sort(bestFirst);
    return passingFilters((await this.ranker.hits(table, ranking)).sort(bestFirst), query);
  }

  private async hasFts(table: lancedb.Table): Promise<boolean> {
    if (!this.ftsReady)
      this.ftsReady = (await table.listIndices()).some((i) => i.columns.includes('search_text'));
    return this.ftsReady;
  }
}

/**
 * Best score first; equal scores lower row id first, as the search mirror ranks them (its hits
 * then need no passage read to be ordered), whichever ranked them (an index's own order of equals
 * depends on other rows, of other tenants too). Row ids are those of the version searched, which
 * both read alike.
 */
function bestFirst(x: Omit<RankedHit, 'row'>, y: Omit<RankedHit, 'row'>): number {
  return y.score - x.score || (x.rowId < y.rowId ? -1 : x.rowId > y.rowId ? 1 : 0);
}

/**
 * The mirror's `hits` that pass the query's metadata filters, read for them (none: as they are;
 * the mirror ranked the version's rows only).
 */
async function filtered(
  table: lancedb.Table,
  hits: RankedHit[],
  query: StoreQuery,
  mirror: SearchMirror,
): Promise<RankedHit[]> {
  if (!query.filters.length) return hits;
  return passingFilters(await readPassages(table, hits, mirror), query);
}

/** A hit's document: the mirror's code for it, or its id (one ranking's hits are all one or the other). */
function documentOf(hit: RankedHit): unknown {
  return hit.document ?? hit.row?.document_id;
}

/**
 * How many rows a ranking asks for: the mirror and LanceDB's indexes keep to the version asked
 * themselves, only metadata filters come after.
 */
function candidates(query: StoreQuery): number {
  return candidateLimit(query.limit, query.filters.length > 0);
}
