import type { SearchResult } from '@docqa/contracts';
import { oneEditApart, type Searcher } from '@docqa/retrieval';
import type { AnswerInput } from './answer-types';
import { equivalentsOf, equivalentStrength } from './equivalent-terms';
import { RARE_NAME } from './not-covered';
import { holds, PHRASING, type ScoredSection } from './passage-choice';
import { askedForm, askedManner, askedObject, objectAfterNames } from './asked-object';
import { askedVerb } from './question-intent';
import { inWordnet } from './wordnet';
import { questionKind } from './question-kind';
import type { SectionPassage } from './section-passage';
import { documentTerms, terms } from './text';

/**
 * Shortest word of a what-question looked up (see {@link neverWritten}): shorter ones are as often
 * typing slips ("teh") or abbreviations as words.
 */
const MIN_LOOKED_UP = 4;

/**
 * A clause of what the asker wants to follow ("…so the SDK picks it up", "so that I can…"): why
 * they ask, in their words, not the thing a what-question names, so its words are not looked up.
 */
const PURPOSE = /\bso\s+(?:that\s+)?(?:i|we|it|they|the|my|our|every|each)\b[^,;:.!?]*/giu;

/** A word of the question the documents never write, as a term, and whether it alone declines the question. */
export interface NeverWritten {
  term: string;
  /**
   * A word of what a question asks to act on or of how it asks it done (see {@link askedWords}):
   * when the docs never write it, they do not do that with it, or not so, and the question is
   * declined whatever else the section holds.
   */
  thing: boolean;
}

/**
 * The words of a question that, never written, decline it alone: the thing a how-do-I asks to act
 * on (see `askedObject`), its last word and any other that WordNet holds as a noun ("_dark_
 * mode", "_text_ message": a noun before a noun names another thing; an adjective only says
 * which of it, "skip _tiny_ files", "a _shorter_ name", and docs write size or length otherwise),
 * and the last word of each phrase saying how, in what form, by what means or when it is done
 * (see `askedManner`: "as a _spreadsheet_", "by _voice_", "every _night_"), of
 * {@link MIN_LOOKED_UP} letters or more, and a format named after "as" (see `askedForm`: "as
 * _PDF_"). A thing named after names has no plain words to the object's reader (see
 * `objectAfterNames`): its last word WordNet holds as a noun is its word ("the VS Code color
 * _theme_").
 */
export function askedWords(question: string): Set<string> {
  const thing = askedThing(question);
  // The last word first: it names the thing, the nouns before it say which. A thing named after
  // names by its last noun alone (not "offline" of "the Rust documentation offline").
  const named = thing.length ? [] : objectAfterNames(question).filter((w) => inWordnet(w, 'noun'));
  const words = new Set([...thing.slice(-1), ...thing.slice(0, -1), ...named.slice(-1)]);
  for (const word of askedManner(question)) if (word.length >= MIN_LOOKED_UP) words.add(word);
  // A format's name is no typing slip, whatever its length ("as PDF").
  for (const name of askedForm(question)) words.add(name);
  return words;
}

/**
 * The words of the thing a how-do-I asks to act on that name it (see {@link askedWords}): the
 * last word of its noun phrase and the nouns before it, in the question's order.
 */
export function askedThing(question: string): string[] {
  const object = askedObject(question);
  // After "get" (see `askedObject`), the thing got is named by its last word alone: the words
  // before it are as often the asker's wording of it ("get a _stack_ trace" of docs that write
  // "backtrace") as another thing.
  const nouns = askedVerb(question) ? object.slice(0, -1).filter((word) => inWordnet(word, 'noun')) : [];
  return [...nouns, ...object.slice(-1)];
}

/**
 * A word of the question the documents never write (see {@link NeverWritten}), else undefined:
 * the verb it asks to do something with (see `askedVerb`: "Can docqa translate answers…?" over docs that never say
 * "translate", "translation" or "translated"), the words of what it asks (see {@link askedWords}),
 * and for a what-question any of its words of {@link MIN_LOOKED_UP} letters or more but those of
 * a clause of what is to follow ({@link PURPOSE}) ("What does the hosted cloud plan cost?" over
 * docs that never write "plan"): a what-question names the thing it asks about, so a word of it the docs
 * never write names something they do not describe, where a how-do-I's other words are often
 * worded otherwise ("straight into a file", "behind a proxy"). A word is looked up only when no
 * retrieved passage holds it, an equivalent of it (see `equivalentStrength`) or a word one typing
 * slip away ("actvate": "activate") that the question does not write as well ("build … with
 * buildx"), by a keyword search for it alone over what the question searches (its tenant,
 * filters and version): none found, it is never written. A verb that the
 * retrieved passages lack but other pages write ("increase" the font size, on the volume's page)
 * is only worded otherwise where the question is answered. Words that only phrase the question
 * ("Can you explain…") are not looked up. The verb is looked up first: one never written with a
 * word of {@link askedWords} never written either ("pick a different colour scheme") is the
 * asker's wording of the whole task, which the section may name otherwise.
 */
export async function neverWritten(
  retriever: Searcher,
  input: AnswerInput,
  found: SearchResult[],
): Promise<NeverWritten | undefined> {
  const verb = askedVerb(input.question);
  const decisive = askedWords(input.question);
  // Each word once: a what-question's words may be the thing it asks too.
  const asked = new Set(verb ? [verb, ...decisive] : decisive);
  if (questionKind(input.question) === 'what')
    for (const w of input.question.replace(PURPOSE, ' ').split(/[^\p{L}\p{N}]+/u))
      if (w.length >= MIN_LOOKED_UP) asked.add(w);
  if (!asked.size || !found.length) return undefined;
  const held = new Set(found.flatMap((r) => documentTerms(`${r.title}\n${r.section}\n${r.text}`)));
  const has = (t: string) => (held.has(t) ? 1 : 0);
  const written = new Set(terms(input.question));
  for (const word of asked) {
    const term = terms(word)[0];
    if (!term || PHRASING.has(term)) continue;
    if (held.has(term) || equivalentStrength(term, has) > 0) continue;
    if ([...held].some((t) => oneEditApart(term, t) && !written.has(t))) continue;
    const { results } = await retriever.search({
      tenants: [input.tenant],
      // What is asked is looked up with its equivalents ("folder": "directory"), which the
      // retrieved passages may lack where other pages write them.
      query: decisive.has(word) ? [word, ...equivalentsOf(term)].join(' ') : word,
      mode: 'keyword',
      filters: input.filters,
      version: input.version,
      limit: 1,
    });
    if (!results.length)
      return { term, thing: decisive.has(word) || (word === verb && unheldManner(input.question, has)) };
  }
  return undefined;
}

/**
 * Whether a phrase of the question saying how, in what form, by what means or when its task is
 * done (see `askedManner`: "every _night_") ends in a word of {@link MIN_LOOKED_UP} letters or
 * more that no retrieved passage holds, nor an equivalent of it (`has`: held by them). Beside a
 * verb the docs never write ("schedule"), it declines the question: what was retrieved is about
 * the thing the task acts on ("pnpm update"), and neither does the task nor says when or how, so
 * the docs do not do it so. (Other pages may write the word in another sense: "nightly" is a
 * release channel to the keyword search's stemmer, which makes it "night".)
 */
function unheldManner(question: string, has: (term: string) => number): boolean {
  return askedManner(question).some((word) => {
    const term = terms(word)[0];
    return !!term && word.length >= MIN_LOOKED_UP && !has(term) && equivalentStrength(term, has) === 0;
  });
}

/**
 * Whether the section that would answer holds what the question is about but not what it asks:
 * the documents never write one of its words (see {@link neverWritten}), and the section
 * holds another of its words that few retrieved sections hold (at most {@link RARE_NAME} of them),
 * so it is about the question's thing ("French" in the list of the widget's languages, asked to
 * "translate answers into French"). A question whose other words every page holds ("How do I
 * diagnose problems with my pnpm setup?") is answered as before: the word never written is all it
 * asks, and the page that does it may name it otherwise ("pnpm doctor"). Nor is one whose
 * section is headed by such a word that the question writes as a name (see `nameTerms`): a list
 * that names the thing among others is about another thing, a section headed by it is about it.
 */
export function doesOtherThing(
  section: ScoredSection,
  unwritten: string,
  wanted: Iterable<string>,
  passages: SectionPassage[],
  /** The question's names (see `nameTerms`). */
  names: Set<string> = new Set(),
): boolean {
  const { passage } = section;
  const rare = [...wanted].filter(
    (t) =>
      t !== unwritten &&
      !PHRASING.has(t) &&
      holds(passage, t) &&
      passages.filter((p) => holds(p, t)).length <= RARE_NAME * passages.length,
  );
  // A section headed by such a name is what the docs say of that thing, the asker's verb their
  // own wording of its use ("draw a Mermaid diagram" of the section "Mermaid"); a plain word in
  // its heading may be another thing's ("dark mode" of the section "Modes").
  const heading = new Set(documentTerms(`${passage.chunk.title}\n${passage.section}`));
  return rare.length > 0 && !rare.some((t) => names.has(t) && heading.has(t));
}
