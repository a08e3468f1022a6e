import { holds, weightOf, type ScoredSection, type TermWeights } from './passage-choice';
import type { SectionPassage } from './section-passage';
import { terms } from './text';

/**
 * Score, relative to the best section's, from which a section the previous answer did not quote
 * answers a follow-up before one it did.
 */
const NEWS_SCORE = 0.5;
/** Terms a paragraph needs for its presence in an earlier answer to say that answer quoted it. */
const QUOTED_TERMS = 4;

/**
 * The sections in the order a follow-up quotes them: when the best one was quoted by the answer
 * before ("Stopping after the first failure" again, for "And how do I also open the debugger at
 * that failure?"), the best section that answer did not quote and that holds more of the
 * follow-up's own words comes first, then the others, those quoted before last. The asker has read
 * the earlier answer and asks for what it did not say; a follow-up whose own words the earlier
 * section holds as well ("And how do I turn it off again?" of a section on both) keeps it first.
 */
export function newBeforeSaid(
  ranked: ScoredSection[],
  /** The previous answer's text. */
  said: string,
  weights: TermWeights,
  /** The follow-up's own terms (not those borrowed from the turn before). */
  own: Set<string>,
): ScoredSection[] {
  const lead = ranked[0];
  const earlier = ` ${terms(said).join(' ')} `;
  const quoted = (s: ScoredSection) => quotedIn(s.passage, earlier);
  if (!lead || !quoted(lead)) return ranked;
  const ownWeight = (s: ScoredSection) => weightOf(weights, (t) => own.has(t) && holds(s.passage, t));
  const news = ranked.find(
    (s) => !quoted(s) && s.score >= NEWS_SCORE * lead.score && ownWeight(s) > ownWeight(lead),
  );
  if (!news) return ranked;
  const rest = ranked.filter((s) => s !== news);
  return [news, ...rest.filter((s) => !quoted(s)), ...rest.filter(quoted)];
}

/** Whether an answer (its terms, space-separated and padded) quoted a paragraph of a section. */
function quotedIn(passage: SectionPassage, earlier: string): boolean {
  return passage.units.some((u) => {
    if (u.kind === 'code') return false;
    const said = terms(u.text);
    return said.length >= QUOTED_TERMS && earlier.includes(` ${said.join(' ')} `);
  });
}
