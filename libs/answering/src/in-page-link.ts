import { pageKey } from './page-context';
import { weightOf, type ScoredSection, type TermWeights } from './passage-choice';
import type { Unit } from './section-passage';

/** A Markdown link's target written as an absolute web address with an anchor: `[x](https://…/page/#part)`. */
const ANCHORED_LINK = /\]\((https?:\/\/[^)\s#]+#[^)\s]+)\)/g;

/** A web address's page (see `pageKey`) and its anchor, lower-cased; undefined without an anchor. */
function anchored(url: string): string | undefined {
  const hash = url.indexOf('#');
  return hash < 0 ? undefined : `${pageKey(url)}#${url.slice(hash + 1).toLowerCase()}`;
}

/**
 * The section of the first section's own page that its best sentence for the question links to
 * by an anchor, among `sections`: docs that mention a thing in passing where another part of the
 * page sets it up link that part ("Traefik falls back to the [default certificate](#default-
 * certificate) from the TLS store", under "Strict SNI Checking"; the "Default Certificate" section
 * gives the setting). The linking sentence must hold as much of the question as any of the
 * section's sentences, as a link in passing does not send the reader (see `referredPage`, its
 * counterpart for another page).
 */
export function linkedOwnSection(
  first: ScoredSection,
  sections: ScoredSection[],
  weights: TermWeights,
): ScoredSection | undefined {
  const own = first.passage.chunk.url;
  if (!own) return undefined;
  const prose = first.passage.units.filter((u) => u.kind !== 'code');
  const held = (text: Set<string>) => weightOf(weights, (t) => text.has(t));
  const best = Math.max(0, ...prose.map((u) => held(u.terms)));
  if (best <= 0) return undefined;
  const targets = prose
    .filter((u) => held(u.terms) >= best)
    .flatMap((u) => [...u.text.matchAll(ANCHORED_LINK)].map((m) => m[1]!))
    .filter((target) => pageKey(target) === pageKey(own))
    .map(anchored);
  return sections.find(
    (s) =>
      s.passage.section !== first.passage.section &&
      !!s.passage.chunk.url &&
      targets.includes(anchored(s.passage.chunk.url)),
  );
}

/**
 * A sentence that only points the reader elsewhere, ending on its link: "See the [Access Logs
 * Documentation](…).", "For detailed configuration options, refer to the [reference
 * documentation](…).". One that goes on to say what the link is for ("See [Project-aware global
 * bins](…) for how a version is chosen") points for that, not for the sentence before it.
 */
const POINTER =
  /^(?:for [^.]{0,80}?,\s*)?(?:see|refer to|read|consult|check out)\b[^()]*\]\([^)\s]+\)[.!]?$/i;

/**
 * The units whose links send the reader (see `referredPage` in `second-passage.ts`): the best
 * sentences for the question and a sentence that only points (see `POINTER`) right after one of
 * them (`prose` in the section's order, `best` the most any holds of the question). A guide's
 * step says what it does in one sentence and where the thing is documented in the next ("This
 * enables access logs to the container's standard output. See the [Access Logs
 * Documentation](…)."), a link for the sentence before it.
 */
export function sendingUnits(prose: Unit[], held: (u: Unit) => number, best: number): Unit[] {
  return prose.filter(
    (u, i) => held(u) >= best || (i > 0 && held(prose[i - 1]!) >= best && POINTER.test(u.text.trim())),
  );
}

/** A Markdown link's target written as an absolute web address: `[purge](https://…/purge/)`. */
const LINK = /\]\((https?:\/\/[^)\s]+)\)/g;

/**
 * The web addresses the first section's best sentences for the question link to, and a pointer
 * right after one of them (see `sendingUnits`), in the section's order: the links that send the
 * reader (see `referredPage` in `second-passage.ts`).
 */
export function sendingLinks(first: ScoredSection, weights: TermWeights): string[] {
  const prose = first.passage.units.filter((u) => u.kind !== 'code');
  const held = (u: Unit) => weightOf(weights, (t) => u.terms.has(t));
  const best = Math.max(0, ...prose.map(held));
  if (best <= 0) return [];
  return sendingUnits(prose, held, best).flatMap((u) => [...u.text.matchAll(LINK)].map((m) => m[1]!));
}
