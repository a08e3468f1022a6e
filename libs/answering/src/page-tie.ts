import type { ScoredSection } from './passage-choice';

/**
 * The best section of the page that holds the most runners-up about as good as the first section
 * (at least `share` of its score, on another page than the first's), when that page holds two or
 * more of them and the runner-up `tie`'s page fewer: a page several of whose parts answer about
 * as well as the first section is about what is asked ("Catalog Assets": its `:refs`, its "What
 * assets are cataloged?"), where a lone runner-up of another page shares the question's words by
 * chance (a migration page's Pandoc command for "the list of images and links a document
 * references"). A runner-up of the first section's own page keeps its place. Undefined otherwise.
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
  return best && count(best.passage.doc) >= 2 && count(best.passage.doc) > count(tie.passage.doc)
    ? best
    : undefined;
}
