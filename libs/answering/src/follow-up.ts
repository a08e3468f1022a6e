import { terms } from './text';

/** Words that make a question lean on the one before it. */
const ANAPHORA =
  /\b(it|its|this|that|these|those|they|them|there|one|ones|same|also|instead|else|what about|how about|and)\b/i;

/**
 * Rewrites a follow-up into a standalone search query from the chat's earlier turns: a short
 * question or one that points back ("what about on Windows?") borrows the content words of the
 * previous question. A question that stands on its own is kept as it is.
 */
export function standaloneQuery(question: string, history: { question: string; answer: string }[]): string {
  const previous = history.at(-1);
  if (!previous) return question;
  const own = terms(question);
  if (own.length >= 5 && !ANAPHORA.test(question)) return question;
  const borrowed = terms(previous.question).filter((t) => !own.includes(t));
  return borrowed.length ? `${question} ${borrowed.join(' ')}` : question;
}
