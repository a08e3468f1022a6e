import type { SearchResult, Source } from '@docqa/contracts';
import { holds, type ScoredSection, type TermWeights, weightOf } from './passage-choice';
import { terms } from './text';

/**
 * Wording that points back at the previous question: a question opening with "and", "also",
 * "what about", "how about"; a pronoun standing for what was asked about ("revoke it", "its
 * colours", "the same", "each one"); "this" or "that" after a verb or a preposition ("fix that",
 * "get that list", "for this", not the relative "a batch that was interrupted"); "what else";
 * "too", "as well" or "instead" at the end ("Can I keep the users in a file instead?").
 */
const POINTS_BACK = [
  /^\s*(and|also|what about|how about)\b/i,
  /\b(it|its|they|them|their|these|those|the same|this one|that one|each one|else)\b/i,
  new RegExp(
    '\\b(is|was|does|do|did|can|fix|change|use|set|enable|disable|configure|get|make|keep|' +
      'see|show|print|run|add|remove|delete|undo|reset|turn|save|write|pass|put|skip|stop|' +
      'about|for|with|of|on|in|to|from|after|before|into|like|as)\\s+(this|that)\\b',
    'i',
  ),
  /\b(too|as well|instead)\W*$/i,
];
/** Content words below which a question is too short to stand alone ("On Windows?"). */
const STANDALONE_TERMS = 2;

/**
 * Rewrites a follow-up into a standalone search query from the chat's earlier turns: a question
 * that points back ("what about on Windows?", "how do I revoke it?") or names too little to stand
 * alone borrows the content words of the previous question, as written there, and the command the
 * previous answer gave first (see `answeredCommand`). Any other question is kept as it is: in a
 * chat, a new question about something else ("Which settings does docqa read?") must not be
 * searched with the previous topic's words.
 */
export function standaloneQuery(question: string, history: { question: string; answer: string }[]): string {
  const previous = history.at(-1);
  if (!previous) return question;
  const own = terms(question);
  if (own.length >= STANDALONE_TERMS && !POINTS_BACK.some((pattern) => pattern.test(question)))
    return question;
  const topic = `${mainClause(previous.question)} ${answeredCommand(previous.answer)}`;
  const borrowed = topicWords(topic, new Set(own));
  return borrowed.length ? `${question} ${borrowed.join(' ')}` : question;
}

/** Words of a command: a program and its subcommand ("rclone size", not "remote:path"). */
const COMMAND_LENGTH = 2;

/**
 * The command the previous answer gave first (its first code block's first line, or its first
 * code span), its program and subcommand: "Can I get that list as JSON?" asks about `pnpm
 * outdated`, which the question before ("check which dependencies have newer versions") did not
 * name. Empty when that code is an option or a setting rather than a command.
 */
function answeredCommand(answer: string): string {
  const code = /```[^\n]*\n([^\n]*)|`([^`\n]+)`/.exec(answer);
  const line = (code?.[1] ?? code?.[2] ?? '').replace(/^\s*\$\s*/, '');
  const words = line.split(/\s+/);
  const lead = words.findIndex((w) => !/^[a-z][a-z0-9-]*$/i.test(w));
  const command = words.slice(0, Math.min(lead < 0 ? words.length : lead, COMMAND_LENGTH));
  return command.length === COMMAND_LENGTH ? command.join(' ') : '';
}

/**
 * A question without the clauses that say how or why rather than what it is about ("How do I turn
 * on the dashboard without securing it, for a quick test?": "How do I turn on the dashboard"): a
 * follow-up's "it" is the dashboard, and "quick test" would lead its search astray.
 */
function mainClause(question: string): string {
  return question.split(/,|\s(?=(?:without|so that|because|while|in order to)\b)/i)[0]!;
}

/**
 * The words of `question` that name something besides `own` terms, each once, as written: a
 * search stems them its own way ("Game Mode", not the answerer's terms "gam mod", which keyword
 * search would not find).
 */
function topicWords(question: string, own: Set<string>): string[] {
  const seen = new Set(own);
  return question.split(/[^\p{L}\p{N}_.-]+/u).filter((word) => {
    const found = terms(word.replace(/^[.-]+|[.-]+$/g, ''));
    if (!found.length || found.every((t) => seen.has(t))) return false;
    found.forEach((t) => seen.add(t));
    return true;
  });
}

/**
 * The sections a follow-up may quote: those holding a word of the topic it borrowed from the turn
 * before ("Game Mode" for "And how do I turn it off again?"), when any does; a section that only
 * shares the follow-up's own words ("turn off the TV") is about something else.
 */
export function onTopic(ranked: ScoredSection[], borrowed: string[]): ScoredSection[] {
  const kept = ranked.filter((s) => borrowed.some((t) => holds(s.passage, t)));
  return kept.length ? kept : ranked;
}

/**
 * A follow-up's sources: the cited ones, and of the others those whose retrieved passages hold a
 * word of the topic it borrowed (`query`'s terms that `question` lacks), when any does: "Other
 * documents" after "And how do I turn it off again?" stay on Game Mode.
 */
export function topicSources(
  sources: Source[],
  results: SearchResult[],
  query: string,
  question: string,
): Source[] {
  const own = new Set(terms(question));
  const borrowed = terms(query).filter((t) => !own.has(t));
  const onTopic = new Set(
    results
      .filter((r) => terms(`${r.title} ${r.section ?? ''} ${r.text}`).some((t) => borrowed.includes(t)))
      .map((r) => r.document_id),
  );
  return onTopic.size ? sources.filter((s) => s.cited || onTopic.has(s.document_id)) : sources;
}

/**
 * A follow-up's term weights for choosing the part of a section it quotes: the words it borrowed
 * from the turn before chose the section (where they keep half their weight, see `termWeights`),
 * but inside it they name what the previous answer was about, so only its own words decide the
 * part ("Which version of it is needed?" after a question about a store quotes the sentence giving
 * the store's version, not the list that opens under the store's heading and names the store more
 * often). Borrowed words keep their weight when the follow-up's own words weigh nothing there.
 */
export function quotingWeights(weights: TermWeights, own?: Set<string>): TermWeights {
  if (!own || !weightOf(weights, (t) => own.has(t))) return weights;
  return new Map([...weights].map(([t, w]) => [t, own.has(t) ? w : 0]));
}
