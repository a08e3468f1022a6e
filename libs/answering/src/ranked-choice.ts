import type { SearchResult } from '@docqa/contracts';
import { contextDocuments } from './citations';
import { codeOnlyWords } from './code-only-word';
import { askedConversion } from './conversion-direction';
import { onTopic } from './follow-up';
import { newBeforeSaid } from './follow-up-news';
import { unknownNames } from './held-names';
import { answeringOrder } from './not-covered';
import { holds, PHRASING, rankSections, SETTING_UP, termWeights, type ScoredSection } from './passage-choice';
import { labelQualifiers, qualifierNames } from './qualifier-names';
import { askedToggle, questionIntent } from './question-intent';
import { askedList, asksForTask, questionKind } from './question-kind';
import { summaryBeforeSetting } from './setting-entry';
import { sectionPassages } from './section-passage';
import {
  alternativeTerms,
  askedTerms,
  literalTokens,
  nameTerms,
  phrasingTermsOf,
  platformTerms,
  terms,
} from './text';

/**
 * The retrieved sections ranked for a question, with the question's term weights and the names
 * it writes; undefined when the question has no content words or nothing was retrieved.
 */
export function rankedChoice(
  query: string,
  results: SearchResult[],
  question?: string,
  kind = questionKind(query),
  /** The previous answer, for a follow-up (see `newBeforeSaid`). */
  said?: string,
) {
  const ranks = new Map(results.map((r, i) => [r.chunk_id, i]));
  const passages = sectionPassages(contextDocuments(results), ranks);
  const held = (t: string) => passages.some((p) => holds(p, t));
  const wanted = [...new Set(withoutPhrasingParticles(askedTerms(query, held)))];
  if (!wanted.length || !passages.length) return undefined;
  // Names of the follow-up's own words: the topic it borrowed was looked up in its turn.
  const own = question ?? query;
  const names = nameTerms(own);
  const asked = question ? new Set(askedTerms(question, held)) : undefined;
  const weights = termWeights(wanted, passages, asked, names, phrasingTermsOf(own));
  const toggle = askedToggle(own);
  const topical = onTopic(
    rankSections(
      passages,
      weights,
      kind,
      questionIntent(own),
      askedList(own),
      // A command the question names as a plain word counts where it is typed (see `codeOnlyWords`).
      new Set([...names, ...codeOnlyWords(passages, weights.keys())]),
      askedConversion(own),
      // The verb of a switch the question asks to flip ("turn that off") asks how to set it up as
      // "configure" does: docs write a switch as its setting or another verb ("Prevent line
      // wrapping", `nowrap`), so one no retrieved section holds does not count against coverage
      // (nor does `switchedIn` then ask anything of it), and a section that flips the switch in
      // its own words holds it ("disable" for "turn off").
      toggle ? new Set([...SETTING_UP, ...toggle.verbs]) : SETTING_UP,
    ),
    question ? wanted.filter((t) => !terms(question).includes(t)) : [],
  );
  const ranked = question && said ? newBeforeSaid(topical, said, weights, new Set(terms(question))) : topical;
  // A name that only says which kind of the best section's subject is meant is not what is asked.
  const kinds = qualifierNames(terms(own), unknownNames(names, passages), ranked[0]?.passage, kind);
  // Nor is the thing it names as what it does not want ("DocBook instead of HTML"), nor the
  // kind of a tab's code it names ("Docker labels").
  const others = alternativeTerms(own);
  const tabs = labelQualifiers(terms(own), names, passages);
  return {
    passages,
    names: new Set([...names].filter((t) => !kinds.has(t) && !others.has(t) && !tabs.has(t))),
    platforms: platformTerms(own),
    literals: literalTokens(own),
    asked: terms(own),
    toggle: toggle && { asked: toggle, weights },
    weights,
    /** A follow-up's own terms (see `quotingWeights`); undefined for a first question. */
    followUpTerms: asked,
    /** Whether a first question asks for a task (see `asksForTask`); a follow-up's is not read. */
    task: !question && asksForTask(own, kind),
    ranked,
  };
}

/** The particles of phrasal verbs ("find out", "used up", "show up as…"). */
const PARTICLES = new Set(terms('out up off back down away'));

/**
 * A question's terms less each particle right after a word that only phrases the question (see
 * `PHRASING`): "find out which packages depend on…" asks to find them, "intents it already used
 * up" that they were used. The particle is part of that verb, and phrases the question as it
 * does; as a plain word few sections hold, it weighed as much as the thing asked about and
 * declined the question. After another verb it keeps its weight: "turn off", "back up" say what
 * is done.
 */
export function withoutPhrasingParticles(asked: string[]): string[] {
  return asked.filter((t, i) => !(i > 0 && PARTICLES.has(t) && PHRASING.has(asked[i - 1]!)));
}

/** What {@link rankedChoice} finds for a question that some retrieved section may answer. */
export type RankedChoice = NonNullable<ReturnType<typeof rankedChoice>>;

/**
 * A choice's sections in the order they would answer the question, the first the one quoted (see
 * `answeringOrder`); undefined when none does.
 */
function choiceOrder(choice: RankedChoice): ScoredSection[] | undefined {
  const order = answeringOrder(
    choice.ranked,
    choice.names,
    choice.passages,
    choice.platforms,
    choice.literals,
    choice.toggle,
    choice.asked,
  );
  // A setting's entry the how-do-I does not name gives way to a command's summary (see
  // `summaryBeforeSetting`).
  return order && choice.task ? summaryBeforeSetting(order, new Set(choice.weights.keys())) : order;
}

/** A choice and its sections in answering order (see {@link choiceOrder}), when one answers. */
export type ChosenOrder = { choice: RankedChoice; order: [ScoredSection, ...ScoredSection[]] };

/** `choice` with its order, or null when there is no choice or no section of it answers. */
export function chosenOrder(choice: RankedChoice | null | undefined): ChosenOrder | null {
  const order = choice && choiceOrder(choice);
  return order?.length ? { choice: choice!, order: order as ChosenOrder['order'] } : null;
}
