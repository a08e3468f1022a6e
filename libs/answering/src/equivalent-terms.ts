import { equivalentTerms } from '@docqa/tokenize';
import { terms } from './text';
import { inWordnet, wordnetRelated } from './wordnet';

/** The lexicon's equivalents (see `equivalentTerms`) as the answerer's terms. */
const EQUIVALENTS = equivalentTerms((word) => terms(word)[0] ?? null);

/**
 * How much a question's term counts in a section that lacks it but holds one of its equivalents
 * ("domain" in a section that writes "origin"), as a share of what the equivalent would count
 * there: the section may say the same thing otherwise, or something else with a kindred word.
 * The lowest that quotes docqa's Widget tokens section (`--origin`) first for "How can I restrict
 * a widget token to my docs domain?"; 0.5 to 0.85 change nothing else on emanual-tv or the dev
 * halves of the multi-dialect set, 1.5 loses a gold section of emanual-tv (docs/benchmarks.md).
 */
export const EQUIVALENT_STRENGTH = 0.7;

/**
 * What a question's term counts in a section that lacks it: {@link EQUIVALENT_STRENGTH} of the
 * best `strength` of its equivalents there, else, for a term of `unheld` (the question's terms no
 * retrieved section holds), what its synonyms count there (see {@link synonymStrength}); 0 when
 * the section holds neither. A term of `asked` (the question's own) stands in for no other: it
 * counts once, as itself. "Combine several remotes into one merged view" writes two words of one
 * group; a section that writes only "combine" holds one of them, not both ("merged" counted by
 * "combine" lifted the combine backend over the union backend, which writes both).
 */
export function equivalentStrength(
  term: string,
  strength: (term: string) => number,
  unheld: Set<string> = new Set(),
  /** The section's heading terms, title's included (see {@link selfStrength}). */
  headings: Iterable<string> = [],
  asked: { has(term: string): boolean } = new Set(),
): number {
  const other = (t: string) => (asked.has(t) ? 0 : strength(t));
  const others = EQUIVALENTS.get(term);
  const equivalent = others ? EQUIVALENT_STRENGTH * Math.max(0, ...others.map(other)) : 0;
  return (
    equivalent || selfStrength(term, other, headings) || (unheld.has(term) ? synonymStrength(term, other) : 0)
  );
}

/**
 * The terms of the reflexive pronouns whose wording implies "self" (see `impliedWordings`: asked
 * as "self" where a section writes that word, `self-update`; see `askedTerms`).
 */
const REFLEXIVE = new Set(['itself', 'themselv']);

/**
 * What a reflexive pronoun of the question counts in a section headed by a run-together "self"
 * compound, where no section writes "self" as a word: {@link EQUIVALENT_STRENGTH} of what that
 * heading word counts there. Docs name what a program does to itself by such a compound (a
 * `selfupdate` command, a selfsigned certificate), while a question says it in plain words: "Is
 * there a way to upgrade rclone itself to the latest beta?" asks for `rclone selfupdate`, whose
 * synopsis holds its other words (the "update" of "upgrade") as much as `rclone version`'s, which
 * only checks for a newer one. Headings only: a heading names what its section is about.
 */
export function selfStrength(
  term: string,
  strength: (term: string) => number,
  headings: Iterable<string>,
): number {
  if (!REFLEXIVE.has(term)) return 0;
  const selves = [...headings].filter((t) => t.startsWith('self'));
  return selves.length ? EQUIVALENT_STRENGTH * Math.max(...selves.map(strength)) : 0;
}

/**
 * What a question's verb counts in a section that lacks it and its equivalents, by one of its
 * WordNet synonyms there, as a share of what the synonym counts: "adds a script at the bottom"
 * is what a section that "appends the tracking code to the bottom" does. Lower than
 * {@link EQUIVALENT_STRENGTH}: WordNet's synonyms are of general English, not of software docs
 * ("put" is "set" and "place"). Measured for every verb, held or not: 0.2 and 0.3 answer alike,
 * 0.4 cites another page for an asciidoctor probe, 0.5 loses a key of docqa's docs set and one of
 * rclone's probes (docs/benchmarks.md, "Issue 35, 2026-12-01 (h-wn)").
 */
export const SYNONYM_STRENGTH = 0.3;

/** How many of a verb's senses give synonyms, most frequent first (WordNet orders them so). */
const SYNONYM_SENSES = 2;

const SYNONYMS = new Map<string, string[]>();

/**
 * The verbs WordNet holds whose term (see `terms`) a term is, the endings the stemmer strips put
 * back: "create" of "creat", "embed" of "emb", "string" of "str". A past form's term ("modifi" of
 * "modified") is no verb's.
 */
function verbsOf(term: string): string[] {
  const candidates = [term, `${term}e`, `${term}ed`, `${term}d`, `${term}ing`];
  return [...new Set(candidates)].filter((c) => inWordnet(c, 'verb') && terms(c)[0] === term);
}

/**
 * A question's term's synonyms as a verb (see `wordnetRelated`), as the answerer's terms; none for
 * a term with a digit. Looked up at first use and kept for the process.
 */
export function synonymTerms(term: string): string[] {
  let found = SYNONYMS.get(term);
  if (found) return found;
  const out = new Set<string>();
  if (!/\d/.test(term))
    for (const verb of verbsOf(term))
      for (const word of wordnetRelated(verb, 'verb', SYNONYM_SENSES)) {
        const other = terms(word)[0];
        if (other && other !== term) out.add(other);
      }
  found = [...out];
  SYNONYMS.set(term, found);
  return found;
}

/**
 * What a question's term counts in a section that lacks it: {@link SYNONYM_STRENGTH} of the best
 * `strength` of its synonyms there (0 when it has none). Only for a term no retrieved section
 * holds (see {@link equivalentStrength}): one that some section holds is the docs' own word for
 * the thing, and a synonym elsewhere is as often another thing.
 */
export function synonymStrength(term: string, strength: (term: string) => number): number {
  const others = synonymTerms(term);
  if (!others.length) return 0;
  return SYNONYM_STRENGTH * Math.max(0, ...others.map(strength));
}

/** A term's equivalents in the lexicon, as the answerer's terms (none for most terms). */
export function equivalentsOf(term: string): string[] {
  return EQUIVALENTS.get(term) ?? [];
}

/**
 * What a question's term counts in a section that lacks it but writes a word of its family (see
 * {@link derivedForms}): an "Installation" heading for "How do I install SWR?", a "Conditional"
 * one for "How do I only fetch when a condition is true?" ({@link EQUIVALENT_STRENGTH} of what
 * that word counts there). One way only: a question's noun is not held by its verb ("location" by
 * "located": a setting located elsewhere is no location asked for).
 */
export function derivedStrength(term: string, strength: (term: string) => number): number {
  return EQUIVALENT_STRENGTH * Math.max(0, ...derivedForms(term).map(strength));
}

/**
 * The words of a term's family that the light stemmer leaves apart from it: a verb's nouns
 * ("installation" of `install`, "configuration" of `configur`, "creation" of `creat`, "deployment"
 * of `deploy`), the adjective of a noun in "-ion" ("conditional" of `condition`, "optional"
 * of `option`), and the noun of an adjective in "-ful" ("success" of `successful`: a trace ended
 * with `end_state="Success"` for "mark it as successful").
 */
function derivedForms(term: string): string[] {
  if (/ion$/.test(term)) return term.length > 5 ? [`${term}al`] : [];
  if (/ful$/.test(term)) return term.length > 6 ? [term.slice(0, -3)] : [];
  if (term.length < 4 || /\d/.test(term) || /ment$/.test(term)) return [];
  return /t$/.test(term) ? [`${term}ion`] : [`${term}ation`, `${term}ment`];
}
