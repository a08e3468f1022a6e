import { MIN_SCORE } from './not-covered';
import { MIN_COVERAGE, type ScoredSection } from './passage-choice';
import type { SectionPassage } from './section-passage';

/**
 * A page's path or URL segment naming a record of the site's past: a changelog, release notes,
 * a blog or news post, a history page (`CHANGELOG.md`, `blog/announcing-v5.md`,
 * `_posts/2022-12-21-…`, `docs/history.md`, `/release-notes/`).
 */
const HISTORY_PATH =
  /(?:^|[/\s])(?:_?posts|blog|news|change-?log|changes|history|release-?notes|releases|whats-new)(?=[/.#\s]|$)/i;

/** A page title naming such a record ("Changelog", "Release notes", "Announcing Vite 5"). */
const HISTORY_TITLE = /^(?:change ?log|changes|release notes|what['’]s new|history|announcing\b)/i;

/**
 * Whether a section is of a page recording the site's past rather than describing the product as
 * it is: what changed in a release, an announcement, a post. Such a page writes every word of a
 * feature ("Migrated the `login` and `push` commands to Reunite") where the page that documents
 * it writes how to use it.
 */
export function recordsHistory(passage: SectionPassage): boolean {
  const { document_id, url, title } = passage.chunk;
  return HISTORY_PATH.test(`${document_id} ${url ?? ''}`) || HISTORY_TITLE.test(title.trim());
}

/**
 * Words of a question about the product's past or its changes ("What changed in v2?", "When was
 * `--cache` added?", "Why was the API Registry removed?", "How do I upgrade…"), not a task's verb
 * ("How do I change the port?", "create a new site"): a changelog or a post answers it as well
 * as any page.
 */
const ASKS_HISTORY =
  /\b(?:changed|changes|what['’]?s new|new in|released?|added|deprecat\w*|removed|since|upgrad\w*|migrat\w*|breaking|history|announc\w*|roadmap)\b/i;

/**
 * The ranked sections with those of pages recording the product's past (see
 * {@link recordsHistory}) after all others, when one of the others answers (its coverage and
 * score at the bars of `answeringOrder`); each group in its order: asked how to do something, the
 * docs' page on it answers, not the release note that names it. A question about changes keeps
 * the ranking, as does one that only such a page answers. (Only when the other section scored
 * nearly as well as the post, it moved one answer of the outside trials off its command: see
 * docs/benchmarks.md.)
 */
export function presentFirst(ranked: ScoredSection[], question: string): ScoredSection[] {
  if (ASKS_HISTORY.test(question)) return ranked;
  const past = (s: ScoredSection) => recordsHistory(s.passage);
  const answers = (s: ScoredSection) => !past(s) && s.coverage >= MIN_COVERAGE && s.score >= MIN_SCORE;
  if (!ranked.some(past) || !ranked.some(answers)) return ranked;
  return [...ranked.filter((s) => !past(s)), ...ranked.filter(past)];
}
