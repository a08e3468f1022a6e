import { chunkNumber } from '@docqa/retrieval';
import type { ScoredSection } from './passage-choice';

/**
 * Chunks of a page for each near tie beyond two that it must hold: a long page holds near ties by
 * its length (rclone's `docs.md`, 150 chunks and more of global flags, three of whose flags shared
 * `rclone move`'s words), where two parts of a page of a few dozen chunks that answer about as well
 * say what the page is about.
 */
const CHUNKS_PER_TIE = 64;

/** The chunks a page holds at least: past the highest chunk number of its sections retrieved. */
function pageChunks(doc: number, ranked: ScoredSection[]): number {
  return Math.max(
    0,
    ...ranked.filter((s) => s.passage.doc === doc).map((s) => chunkNumber(s.passage.chunk.chunk_id) + 1),
  );
}

/**
 * The best section of the page that holds the most runners-up about as good as the first section
 * (at least `share` of its score, on another page than the first's), when that page holds two or
 * more of them and the runner-up `tie`'s page fewer: a page several of whose parts answer about
 * as well as the first section is about what is asked ("Catalog Assets": its `:refs`, its "What
 * assets are cataloged?"), where a lone runner-up of another page shares the question's words by
 * chance (a migration page's Pandoc command for "the list of images and links a document
 * references"). A long page must hold one more for every {@link CHUNKS_PER_TIE} chunks. A
 * runner-up of the first section's own page keeps its place. Undefined otherwise.
 */
export function pageTie(
  first: ScoredSection,
  tie: ScoredSection,
  ranked: ScoredSection[],
  share: number,
): ScoredSection | undefined {
  if (tie.passage.doc === first.passage.doc) return undefined;
  const near = ranked.filter((s) => s.passage.doc !== first.passage.doc && s.score >= share * first.score);
  const count = (doc: number) => near.filter((s) => s.passage.doc === doc).length;
  const best = near.reduce<ScoredSection | undefined>(
    (b, s) => (b && count(b.passage.doc) >= count(s.passage.doc) ? b : s),
    undefined,
  );
  const needed = (doc: number) => 2 + Math.floor(pageChunks(doc, ranked) / CHUNKS_PER_TIE);
  return best &&
    count(best.passage.doc) >= needed(best.passage.doc) &&
    count(best.passage.doc) > count(tie.passage.doc)
    ? best
    : undefined;
}
