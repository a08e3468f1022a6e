import { equivalentStrength } from './equivalent-terms';
import { holdsName, unknownNames } from './held-names';
import { holds, MIN_COVERAGE, weightOf, type ScoredSection, type TermWeights } from './passage-choice';
import { holdsOtherForm } from './plural-forms';
import { doesIntent, switchesAs, type AskedToggle } from './question-intent';
import { opensPage, type SectionPassage } from './section-passage';
import { inlineCode, terms } from './text';
import { namedInWords } from './worded-option';

/**
 * Score (see `rankSections`) the section that answers must reach: below it, it holds the
 * question's words only weakly (one name of three, "Django" in a list of plugins for "How do I
 * create a Django superuser?"), whatever its share of them. Chosen on the dev halves of the
 * multi-dialect set and docqa's docs set: their covered questions' answering sections score at
 * least 0.69, the out-of-scope ones answered 0.61 to 0.80.
 */
export const MIN_SCORE = 0.65;

/**
 * Share of the retrieved sections, or of their pages in `answeringOrder` (see `fewHold`), at or
 * below which a name the question writes is what it asks about rather than the product every page
 * names ("Traefik" in Traefik's docs).
 */
export const RARE_NAME = 0.5;

/**
 * The sections in the order an answer quotes them, or undefined when they do not answer the
 * question: none holds enough of its words ({@link MIN_COVERAGE}) together with the names it
 * writes that few sections or pages hold (see {@link fewHold}), or that the section's folder
 * names. A name held only by a section about something else ("Nginx" in a table row of Traefik's
 * access-log fields, asked "How do I enable HTTP/2 server push in Nginx?") does not make the
 * question covered, and neither does a name no section holds. When the best section lacks such a
 * name ("Linux" in "how do I unmount it on Linux?"), the best one that holds them with enough of
 * the question's words is quoted first: it is about what was asked.
 */
export function answeringOrder(
  ranked: ScoredSection[],
  names: Set<string>,
  passages: SectionPassage[],
  /** Names the question writes after "on" (see `platformTerms`): where, not what. */
  platforms: Set<string> = new Set(),
  /** Tokens the question writes as code (see `literalTokens`). */
  literals: string[] = [],
  /** The switch the question asks to turn on or off (see `askedToggle`), with its term weights. */
  toggle: { asked: AskedToggle; weights: TermWeights } | null = null,
  /** The question's terms in order, which may spell an option's name (see `namedInWords`). */
  asked: string[] = [],
): ScoredSection[] | undefined {
  const unknown = unknownNames(names, passages);
  if (unknown.length > 1 || unknown.some((t) => !platforms.has(t))) return undefined;
  if (literals.some((l) => !ownFile(l) && !passages.some((p) => writes(p, l)))) return undefined;
  const rare = [...names].filter((t) => !unknown.includes(t) && fewHold(t, passages));
  // A page in a folder that names it is about it too (see `inFolderNamed`).
  const about = (s: ScoredSection) =>
    rare.every((t) => holdsName(s.passage, t) || inFolderNamed(s.passage, t));
  const answers = (s: ScoredSection) => s.coverage >= MIN_COVERAGE && s.score >= MIN_SCORE && about(s);
  const answering = ranked.find(answers);
  if (!answering) return undefined;
  if (toggle && !switchedIn(ranked, passages, toggle.asked, toggle.weights)) return undefined;
  // The section that writes the flag or setting the question names (`--frozen-lockfile`) is
  // about it, more than the best-ranked one that holds its words otherwise.
  const writing = (s: ScoredSection) => literals.every((l) => writes(s.passage, l));
  const verbatim = writing(ranked[0]!) ? undefined : ranked.find((s) => answers(s) && writing(s));
  // So is the section headed by the option the question spells in words (`--workspace-root`),
  // once the question is covered: its other words may be the asker's case, which the option's
  // section need not hold ("…while I am inside one of its packages").
  const spelled = (s: ScoredSection) => namedInWords(s.passage, asked);
  const worded =
    literals.length || spelled(ranked[0]!)
      ? undefined
      : ranked.find((s) => s.score >= MIN_SCORE && about(s) && spelled(s));
  const best = verbatim ?? worded ?? (about(ranked[0]!) ? ranked[0]! : answering);
  // A page's opening that names its sections' subjects in passing ("…on a Hugo, Nuxt or
  // Starlight site") introduces them: its section whose own heading names a name the question
  // writes ("Starlight (Astro)") answers.
  const lead =
    (opensPage(best.passage) &&
      ranked.find(
        (s) =>
          s.passage.doc === best.passage.doc &&
          s !== best &&
          answers(s) &&
          [...names].some((t) => s.passage.sectionTerms.has(t)),
      )) ||
    best;
  // The sections that hold those names come next, as the runner-up quoted beside the lead must
  // be about what was asked too ("Game Mode" settings, not Ambient Mode's beside them).
  const rest = ranked.filter((s) => s !== lead);
  return [lead, ...rest.filter(about), ...rest.filter((s) => !about(s))];
}

/**
 * Whether at most {@link RARE_NAME} of the retrieved sections, or of their pages, hold a name: then
 * it is what the question asks about, not the product every page names, which many sections of
 * many pages hold. Pages count as well as sections, as the retrieved sections of one page all write
 * its subject ("HMAC" in the HMAC page's options, example and mechanism), which made it look like
 * the product's name beside another page's section that holds more of the question's other words
 * (TLS client authentication, "require … clients … signed"). Sections count as well as pages, as a
 * few pages may be retrieved, one of them the product's overview that names the subject in passing
 * ("Python" in the history of "What is Asciidoctor?" beside the migration page, of three pages).
 */
function fewHold(term: string, passages: SectionPassage[]): boolean {
  const pages = new Set(passages.map((p) => p.doc));
  const holding = passages.filter((p) => holdsName(p, term));
  return (
    holding.length <= RARE_NAME * passages.length ||
    new Set(holding.map((p) => p.doc)).size <= RARE_NAME * pages.size
  );
}

/**
 * Whether a section's page lies in a folder whose path names a term (`html` of
 * `html-backend/pages/…`): a page need not write what all its folder is about ("Embed a CodeRay or
 * Pygments Stylesheet" never writes "HTML", as every page of the HTML converter's folder is about
 * HTML), so it is about a name the question writes ("…the Pygments stylesheet in the HTML?") that
 * its folder names, as much as a page that writes it.
 */
function inFolderNamed(passage: SectionPassage, term: string): boolean {
  return terms(passage.chunk.document_id.replace(/[^/]*$/, '')).includes(term);
}

/**
 * Whether a token names a file of a kind the asker keeps their own content in (`notes.md`,
 * `config.yaml`): the docs need not write it for the question to be covered ("How do I ingest
 * notes.md?"), so it does not decline a question by itself.
 */
function ownFile(token: string): boolean {
  return /\.(?:md|mdx|markdown|txt|rst|adoc|html?|pdf|json|ya?ml|toml|csv|log|ini|env)$/.test(token);
}

/**
 * Whether a section writes a token (see `literalTokens`) verbatim, ignoring case, in its text or
 * headings: a file, module or setting the question names as code ("coverage.py") that no
 * retrieved section writes is something the documents do not cover.
 */
export function writes(passage: SectionPassage, token: string): boolean {
  const has = (text: string) => {
    const lower = text.toLowerCase();
    return lower.includes(token) || filePatterns(lower).some((p) => p.test(token));
  };
  return has(passage.section) || has(passage.chunk.title) || passage.units.some((u) => has(u.text));
}

/**
 * The file-name patterns a text writes (`check_*.py`, `test_*.yaml`), as regular expressions: a
 * file the asker names by its own name ("my files are named check_db.py") is one the docs name by
 * the pattern it matches. Only a pattern that holds a name beside its wildcard and its extension
 * counts: `*.py` says which kind of file, not which files, and would cover any question that
 * names a Python file.
 */
function filePatterns(text: string): RegExp[] {
  const globs = [...text.matchAll(FILE_PATTERN)].map(([, glob]) => glob!);
  return globs.filter((glob) => /\w/.test(glob.replace(/\.[a-z0-9]+$/, ''))).map(globExpression);
}

/** A file name with a wildcard (`*` or `?`) and an extension, as code or prose writes it. */
const FILE_PATTERN = /(?<![\w*?.-])([\w-]*[*?][\w*?-]*\.[a-z0-9]+)(?![\w*?])/g;

/** A file-name pattern as a regular expression: `*` any run of a name's characters, `?` one. */
function globExpression(glob: string): RegExp {
  const escaped = glob.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replace(/\*/g, '[\\w.-]*').replace(/\?/g, '[\\w-]')}$`);
}

/**
 * Whether a retrieved section says how to switch what a question asks to turn on or off (see
 * `askedToggle`): one that reaches {@link MIN_SCORE}, does it (its heading names the switch, an
 * instruction says it, a setting is set to its value, see `doesIntent`) or writes the question's
 * verb, and holds {@link MIN_COVERAGE} of the question's other words by weight. A switch is written
 * as such where the docs have one; a section that holds the thing's words but no switch describes
 * the thing ("How do I turn off the widget's feedback buttons?" over a list of the buttons'
 * labels), and one that writes "turn off" of something else does not answer either. When no
 * retrieved section writes the question's verb, the docs word it otherwise and this asks nothing.
 */
function switchedIn(
  ranked: ScoredSection[],
  passages: SectionPassage[],
  asked: AskedToggle,
  weights: TermWeights,
): boolean {
  const verbs = asked.verbs.filter((t) => weights.has(t));
  if (!verbs.length || !passages.some((p) => verbs.every((t) => covers(p, t)))) return true;
  const rest = new Map([...weights].filter(([t]) => !verbs.includes(t)));
  const total = weightOf(rest, () => true);
  return ranked.some(
    (s) =>
      s.score >= MIN_SCORE &&
      (doesIntent(s.passage, asked.intent) ||
        verbs.every((t) => covers(s.passage, t)) ||
        setsInProse(s.passage, asked, rest, total)) &&
      (!total || weightOf(rest, (t) => covers(s.passage, t)) / total >= MIN_COVERAGE),
  );
}

/**
 * Whether a sentence of the section gives the switch's value in code and holds
 * {@link MIN_COVERAGE} of the question's other words: docs describe a setting in prose as often
 * as in a code block ("lowers its CPU priority to `WORKER_NICE` (`10` by default; `0` runs it at
 * the API's priority)" answers how to turn that lower priority off). An item of a list of the
 * setting's values counts with the section's opening. A value in a sentence about another thing
 * (`popup: false` beside a question on the feedback buttons) does not count.
 */
function setsInProse(passage: SectionPassage, asked: AskedToggle, rest: TermWeights, total: number): boolean {
  if (!total) return false;
  return passage.units.some((u) => {
    // A value alone (`0`) or a setting set to it (`feedback: false`, `CACHE=off`).
    const codes = inlineCode(u.text).map((code) => code.trim().replace(/^[\w.-]+\s*[=:]\s*/, ''));
    if (!codes.some((c) => switchesAs(asked.intent, c))) return false;
    // The opening says what the setting does ("The `lto` setting controls … link time optimizations").
    const opening = u.kind === 'item' ? passage.units[0]!.terms : u.terms;
    return weightOf(rest, (t) => u.terms.has(t) || opening.has(t)) / total >= MIN_COVERAGE;
  });
}

/** Whether a section holds a term, its other plural form or an equivalent (see `rankSections`). */
export function covers(passage: SectionPassage, term: string): boolean {
  const strength = (t: string) => (holds(passage, t) ? 1 : 0);
  return !!strength(term) || equivalentStrength(term, strength) > 0 || holdsOtherForm(term, strength);
}
