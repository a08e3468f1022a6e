import { archivedShare } from './archived-page';
import { qualifiedShare } from './qualified-heading';
import { type Conversion, convertsOtherWay, OTHER_WAY_SHARE } from './conversion-direction';
import { derivedStrength, equivalentStrength } from './equivalent-terms';
import { doesIntent, intentFit, isToggle, type Intent } from './question-intent';
import { holdsOtherForm } from './plural-forms';
import { ASKERS_CASE, type QuestionKind, WAY_GRADES } from './question-kind';
import { terms } from './text';
import { TITLE_NAME_BONUS, titleNames } from './title-name';
import { namedJoined, termPairs, type SectionPassage, type Unit } from './section-passage';
import { codeTerms, isCodeLabel } from './command-unit';

/** How well a section answers a question. */
export interface ScoredSection {
  passage: SectionPassage;
  /** Share (0..1) of the question's weighted terms found in the section's text or headings. */
  coverage: number;
  score: number;
  /** Whether it defines what a "what" question asks about (see {@link DEFINITION_BONUS}). */
  defines: boolean;
  /** How much it does what a how-do-I question asks (see {@link intentFit}; 1: neither more nor less). */
  fit: number;
}

/**
 * Whether a section's own heading names another task than the one asked ("Backing up AOF persistence"
 * for "turn on AOF", see `intentFit`): its page may do what was asked in a section of its own.
 */
export function doesOtherTask(section: ScoredSection): boolean {
  return section.fit < 1;
}

/** A question's content terms with their weights (rarer among the retrieved passages: heavier), in order. */
export type TermWeights = Map<string, number>;

/**
 * Quantifiers and prepositions of place or time: how much of a thing a question asks about or
 * when ("replace the whole request path before it is forwarded", "trace only a fraction of the
 * requests"), which docs rarely write beside what they describe (the `replacePath` middleware
 * "replaces the path"). As plain words no retrieved section held, they weighed more than the
 * thing asked about, and the section that answers fell under {@link MIN_COVERAGE}: the question
 * was declined. Not "one" wherever written: weak, it declined a covered question (docs/benchmarks.md,
 * h-tf); as a pronoun it phrases the question (`ONE_PRONOUN`).
 */
const SCOPE_WORDS = 'whole entire only single several many multiple inside within before after';

/**
 * Words that phrase a question rather than name what it is about (as terms: stemmed; "make" of
 * "make numpy available", "make my hook run first": docs write what is done, not that it is
 * caused), words that say how much of it or when ({@link SCOPE_WORDS}), words of the asker's
 * case (`ASKERS_CASE`) and words that grade the way (`WAY_GRADES`).
 */
export const PHRASING = new Set(
  terms(
    'myself yourself ourselves instead use uses used using way possible want need please exactly thing something anything ' +
      'give tell explain describe show know find provide instruct instructions procedure help like mean meaning detail details ' +
      'get getting got see able facing fix fixing issue issues problem problems step steps different type types things take make ' +
      `${SCOPE_WORDS} ${WAY_GRADES} ${ASKERS_CASE}`,
  ),
);

/**
 * Words that ask how to set something up: the question's subject is the rest. Docs often write
 * the settings without them ("Set `VECTOR_STORE=qdrant`" answers "How do I configure Qdrant?"),
 * so one that no retrieved section holds does not count against a section's coverage.
 */
export const SETTING_UP = new Set(terms('configure configuration config setup'));

/**
 * Term weights of a question over the retrieved sections: rarer among them, heavier. A name no
 * retrieved section holds weighs most (likely what is asked, and what the passages miss:
 * "Kubernetes"), a plain word none holds less ({@link UNHELD_WORD}); phrasing words, adverbs
 * ("automatically") and words that phrase it in context (`phrased`: `phrasingTermsOf`) weigh little.
 */
export function termWeights(
  wanted: string[],
  passages: SectionPassage[],
  /** A follow-up's own terms; the others, borrowed from earlier turns, weigh half. */
  own?: Set<string>,
  /** Terms the question writes as names (see `nameTerms`). */
  names: Set<string> = new Set(wanted),
  phrased: Set<string> = new Set(),
): TermWeights {
  const docs = passages.map((p) => new Set([...p.headingTerms, ...p.units.flatMap((u) => [...u.terms])]));
  return new Map(
    wanted.map((t) => {
      const found = docs.filter((d) => d.has(t)).length;
      const idf = Math.log(1 + (docs.length + 1) / (1 + found));
      const weak = PHRASING.has(t) || phrased.has(t) || (t.length > 5 && t.endsWith('ly'));
      const borrowed = own && !own.has(t) ? 0.5 : 1;
      return [t, idf * borrowed * (weak ? 0.3 : found ? 1 : names.has(t) ? 1.5 : UNHELD_WORD)];
    }),
  );
}

/**
 * Weight, as a share, of a plain word of the question that no retrieved section holds: it is as
 * likely worded otherwise in the docs ("restrict" a token to a "domain": its `--origin`) as a sign
 * that they do not cover the question. 0.7 declined questions of several such words ("use my
 * local checkout of a library in another project": `pnpm link`); 0.6 answers them and no question
 * out of scope, 0.5 quotes another section for "a separate lockfile per git branch" (h-pn5).
 */
const UNHELD_WORD = 0.6;

/** How much more a question's word counts in a section's headings than in its text. */
const HEADING_STRENGTH = 1.75;
/** The same for the page's title, which says what the whole page is about, so it counts less. */
const TITLE_STRENGTH = 1.3;
/** What the top retrieval hit adds to its section's score (the n-th adds a n-th of it). */
const RANK_BONUS = 0.3;
/**
 * What two of the question's words in a row add, found in a row in a section (its title, headings or
 * text: "picture size", "Learn TV Remote"), as a share of their weight: it names the thing asked about.
 */
const PHRASE_STRENGTH = 0.1;

/** Whether a section holds a term, in its headings or its text. */
export function holds(passage: SectionPassage, term: string): boolean {
  return passage.headingTerms.has(term) || passage.units.some((u) => u.terms.has(term));
}

/** Weight of the terms of `weights` that `has` holds. */
export function weightOf(weights: TermWeights, has: (term: string) => boolean): number {
  let sum = 0;
  for (const [term, weight] of weights) if (has(term)) sum += weight;
  return sum;
}

/**
 * Sections by how well they answer: the question's terms in the text and (counting more) the
 * headings (one a section lacks, by an equivalent, "domain" by "origin", or by a word made from it,
 * `derivedStrength`; one no section holds, by a synonym: `equivalentStrength`), the retrieval rank,
 * the shape asked (commands or steps for how-do-I, lists or tables for which-values, a fix for a
 * problem), for a how-do-I whether it does what is asked ({@link intentFit}), for a conversion
 * whether its headings convert the other way, whether its page is archived (`archivedShare`) and
 * whether its heading is another's task done one particular way (`qualifiedShare`).
 */
export function rankSections(
  passages: SectionPassage[],
  weights: TermWeights,
  kind: QuestionKind,
  intent: Intent | null = null,
  /** The list a which-question asks for, as a term (see `askedList`). */
  listed: string | null = null,
  /** The names the question writes (see `nameTerms`). */
  names: Set<string> = new Set(),
  /** The conversion the question asks for (see `convertsOtherWay`). */
  conversion: Conversion | null = null,
  /** Words that ask how to set something up (see {@link SETTING_UP}). */
  setUp: Set<string> = SETTING_UP,
): ScoredSection[] {
  const total = weightOf(weights, () => true) || 1;
  const asked = weightOf(weights, (t) => !setUp.has(t) || passages.some((p) => holds(p, t))) || 1;
  const subject = [...weights.keys()];
  const askedPairs = termPairs(subject);
  const unheld = new Set(subject.filter((t) => !passages.some((p) => holds(p, t))));
  return passages
    .map((passage) => {
      const labels = passage.units.filter((_, i) => isCodeLabel(passage.units, i));
      const codeUnits = passage.units.filter((u) => u.kind === 'code' || labels.includes(u));
      const prose = new Set(passage.units.filter((u) => !codeUnits.includes(u)).flatMap((u) => [...u.terms]));
      for (const t of passage.describedTerms) prose.add(t); // the page's description, as search reads it
      // A name a code label writes ("TOML" of `**File (TOML)**:`) says what its code is for.
      for (const u of labels) for (const t of u.terms) if (names.has(t)) prose.add(t);
      // A sample run's code is what is typed at its prompt (see `codeTerms`).
      const code = new Set(codeUnits.flatMap(codeTerms));
      // A name the question writes in the code (outside its strings) counts as said: code names
      // the tool or format it works with (`--markdown-headings=atx`), not a plain word ("file").
      for (const t of code) if (names.has(t)) prose.add(t);
      const literal = new Set(codeUnits.flatMap((u) => [...u.terms]));
      let coverage = 0;
      let matched = 0;
      // A word in a heading says what the section is about; one only inside code says little,
      // and one only in a string of example code (`ask('How do I…')`) less still.
      const joined = namedJoined(passage, askedPairs);
      const strengthOf = (term: string) =>
        Math.max(
          passage.sectionTerms.has(term) || joined.own.has(term)
            ? HEADING_STRENGTH
            : passage.headingTerms.has(term) || joined.any.has(term)
              ? TITLE_STRENGTH
              : 0,
          prose.has(term) ? 1 : code.has(term) ? 0.5 : literal.has(term) ? 0.25 : 0,
        );
      for (const [term, weight] of weights) {
        const strength =
          strengthOf(term) ||
          equivalentStrength(term, strengthOf, unheld, passage.headingTerms, weights) ||
          derivedStrength(term, strengthOf);
        // A section that flips the switch asked ("disable" for "turn off") holds the verb asked.
        const switches = setUp.has(term) && isToggle(intent);
        if (strength || holdsOtherForm(term, strengthOf) || (switches && doesIntent(passage, intent)))
          coverage += weight;
        matched += weight * strength;
      }
      const phrase = PHRASE_STRENGTH * phraseWeight(passage, weights);
      const defining =
        kind === 'what' &&
        subject.length > 0 &&
        passage.units.some(
          (u) =>
            (u.kind === 'paragraph' && defines(u, subject)) || (u.kind === 'item' && definesItem(u, subject)),
        );
      const fit = kind === 'how' ? intentFit(passage, intent) : 1;
      const named = titleNames(passage, subject);
      const score =
        ((matched + phrase) / total + RANK_BONUS / (passage.rank + 1)) *
        (defining ? DEFINITION_BONUS : shapeBonus(passage, kind)) *
        fit *
        (isOverview(passage) && !defining && !named ? OVERVIEW_SHARE : 1) *
        (kind !== 'what' && fit >= 1 && saysWhole(passage, subject) ? WHOLE_PHRASE_BONUS : 1) *
        (kind === 'which' && listed && passage.sectionTerms.has(listed) ? LIST_HEADING_BONUS : 1) *
        (convertsOtherWay(passage, conversion) ? OTHER_WAY_SHARE : 1) *
        (named ? TITLE_NAME_BONUS : 1) *
        archivedShare(passage.chunk.document_id);
      return { passage, coverage: coverage / asked, score, defines: defining, fit };
    })
    .map((s, _, all) => (isFolderIndex(s, all) ? { ...s, score: s.score * OVERVIEW_SHARE } : s))
    .map((s, _, all) => ({ ...s, score: s.score * qualifiedShare(s, all, weights) }))
    .sort((a, b) => b.score - a.score);
}

/**
 * Share of the question's weighted terms the section that answers must hold: below it, retrieval
 * found nothing that answers, and the answer says so instead of quoting an unrelated passage. (The
 * docs set's questions the docs do not cover reach at most 0.35; on the manual, every question of
 * which is covered, a higher bar refused questions whose top passage answers.)
 */
export const MIN_COVERAGE = 0.4;

/** A folder's index page (`cli/index.adoc`, `docs/_index.md`, `guide/README.md`): its folder. */
const INDEX_PAGE = /^(.*\/)(?:_?index|readme)\.\w+$/i;

/**
 * Whether a section is of a folder's index page while another page of that folder holds enough
 * of the question ({@link MIN_COVERAGE}): the index says what the folder's pages are about, often
 * in their words ("Built-in syntax highlighter adapters" names Rouge beside the others), and the
 * page under it that the question names is the one that answers ("How do I turn on Rouge syntax
 * highlighting?", `syntax-highlighting/rouge`). Such a section keeps {@link OVERVIEW_SHARE} of its
 * score, as a chapter's one-sentence overview does.
 */
function isFolderIndex(section: ScoredSection, all: ScoredSection[]): boolean {
  const folder = INDEX_PAGE.exec(section.passage.chunk.document_id)?.[1];
  return (
    folder !== undefined &&
    all.some(
      (s) =>
        s.passage.doc !== section.passage.doc &&
        s.coverage >= MIN_COVERAGE &&
        s.passage.chunk.document_id.startsWith(folder),
    )
  );
}

/**
 * Words a page's one sentence has at most for the page to be an overview: a page with no heading
 * that only says what the pages under it are about, as a chapter's index page or a manual's
 * chapter opening does ("Configure the logs and metrics of your installation.").
 */
const OVERVIEW_WORDS = 12;
/**
 * Share of its score an overview keeps to be the section quoted: its one sentence often names
 * every word of a question that one of the pages under it takes up, and says only where to look.
 */
const OVERVIEW_SHARE = 0.6;

/**
 * A section's score as a brief quote beside the section chosen: an overview's whole score, as its
 * one sentence says what the chosen section's chapter is about.
 */
export function briefScore(section: ScoredSection): number {
  return isOverview(section.passage) && !section.defines ? section.score / OVERVIEW_SHARE : section.score;
}

/** Whether a section is an overview (see {@link OVERVIEW_WORDS}): a page of one short sentence. */
export function isOverview(passage: SectionPassage): boolean {
  const [only, ...rest] = passage.units;
  return (
    !passage.section &&
    !rest.length &&
    only?.kind === 'paragraph' &&
    only.words <= OVERVIEW_WORDS &&
    /[.!]$/.test(only.text.trim())
  );
}

/**
 * Bonus of a section one of whose sentences (or items) says the question's words whole, in its
 * order ("To change the log level, set…" for "How do I change the log level?"): it says how to do
 * exactly what is asked, where a section headed by some of the words ("Changing the log format")
 * does another thing with the same things.
 */
const WHOLE_PHRASE_BONUS = 1.3;

/**
 * Bonus of a section whose own heading names the list a which-question asks for ("Options" for
 * "Which options does the widget take?"): it is that list, where a section that mentions an option
 * in passing ("the `version` option") holds the question's words as well.
 */
const LIST_HEADING_BONUS = 1.3;

/**
 * Whether a unit of a section holds `asked` (three terms or more) as consecutive terms, in order.
 * Two terms in a row are one pair, which the phrase weight counts (see {@link PHRASE_STRENGTH});
 * three or more in a row are rarely there by chance.
 */
export function saysWhole(passage: SectionPassage, asked: string[]): boolean {
  const pairs = termPairs(asked);
  return pairs.length > 1 && passage.units.some((u) => pairs.every((p) => u.pairs.has(p)));
}

/** Whether a sentence opens with `subject` (the question's terms, in order). */
function defines(unit: Unit, subject: string[]): boolean {
  const opening = terms(unit.text.slice(0, 200)).slice(0, subject.length);
  return opening.length === subject.length && opening.every((t, i) => t === subject[i]);
}

/**
 * Whether a list item defines `subject` (the question's terms, in order): its lead, before its
 * first ":", names it in a few words, one of them (or one group of words) being the subject
 * whole ("- `REDIS_URL` and `REDIS_PREFIX`: the Redis that…", "- `--offline`: …"), as an option
 * list or a settings table does; `acme_jobs` does not define "acme".
 */
function definesItem(unit: Unit, subject: string[]): boolean {
  const colon = unit.text.indexOf(':');
  if (colon < 0) return false;
  const lead = unit.text.slice(0, colon);
  if (terms(lead).length > MAX_ITEM_LEAD) return false;
  return lead.split(/\s*(?:,|\band\b|\bor\b|\/)\s*|\s+(?=`)|(?<=`)\s+/).some((name) => {
    const named = terms(name);
    return named.length === subject.length && named.every((t, i) => t === subject[i]);
  });
}

/** Terms of a list item's lead at most for the item to define what it names. */
const MAX_ITEM_LEAD = 6;

/** Weight of the question's consecutive term pairs that a section has consecutively too. */
function phraseWeight(passage: SectionPassage, weights: TermWeights): number {
  const asked = [...weights.keys()];
  let sum = 0;
  const held = [passage.headingPairs, passage.joinedPairs, ...passage.units.map((u) => u.pairs)];
  termPairs(asked).forEach((pair, i) => {
    if (held.some((pairs) => pairs.has(pair))) sum += weights.get(asked[i]!)! + weights.get(asked[i + 1]!)!;
  });
  return sum;
}

/**
 * Bonus of a section that defines what a "what" question asks about: one of its sentences opens
 * with the question's words ("A tenant is one knowledge base", "docqa answers questions about your
 * documentation"). A name every page mentions ("What is docqa?") otherwise ranks whichever section
 * says it most, such as a list of `docqa_…` metrics.
 */
const DEFINITION_BONUS = 1.3;

/**
 * Share of its score a section about a problem keeps for a how-do-I: one headed by a why-question
 * ("Why does Let's Encrypt renewal with DNS challenge fail?" for "How do I get Let's Encrypt
 * certificates with the HTTP challenge?"), an FAQ entry that explains a cause, its heading naming
 * much of what it explains; or one under a troubleshooting heading ("`preview` › Troubleshoot ›
 * Internal Server Error › Install Redocly CLI globally" for "How do I install Redocly CLI?"), a
 * fix for an error that does the task in passing, where the page about the task does it first.
 */
const PROBLEM_HEADED = 0.8;

/** Bonus of a section whose shape the question asks for (a definition aside). */
function shapeBonus(passage: SectionPassage, kind: QuestionKind): number {
  const has = (k: Unit['kind']) => passage.units.some((u) => u.kind === k);
  if (kind === 'how' && /^why\b/i.test(passage.section.split(' › ').at(-1) ?? '')) return PROBLEM_HEADED;
  if (kind === 'how' && /troubleshoot/i.test(passage.section)) return PROBLEM_HEADED;
  if (kind === 'how' && (has('code') || has('item'))) return 1.15;
  if (kind === 'which' && has('item')) return 1.15;
  if (kind === 'trouble' && troubleHeaded(passage.section)) return 1.2;
  return 1;
}

/** Headings of a section about a problem: troubleshooting, errors, failures, an FAQ. */
const TROUBLE_HEADING = /troubleshoot|problem|error|fail|faq/i;

/**
 * Words a page's top heading has at most to make every section of the page one about problems
 * ("Troubleshooting", "Common errors", "FAQ"): a longer one names the page's subject, which may
 * say "fail" in passing ("Insights: what visitors ask and what the docs fail to answer").
 */
const TROUBLE_TITLE_WORDS = 4;

/**
 * Whether a section is about problems (see {@link TROUBLE_HEADING}): its own headings say so, or
 * its page's top heading does and is a short title ({@link TROUBLE_TITLE_WORDS}).
 */
function troubleHeaded(section: string): boolean {
  const [top = '', ...own] = section.split(' › ');
  if (!own.length) return TROUBLE_HEADING.test(top);
  return (
    TROUBLE_HEADING.test(own.join(' › ')) ||
    (TROUBLE_HEADING.test(top) && top.split(/\s+/).length <= TROUBLE_TITLE_WORDS)
  );
}
