import { PHRASING, type TermWeights } from './passage-choice';
import { type SectionPassage, type Unit } from './section-passage';
import { isCommand, writesCode } from './command-unit';

/** A flag written as code inside a sentence ("Use `--user` and `--pass` to set…"): a command given in prose. */
export const INLINE_FLAG = /`--?[a-z][\w-]*/i;

/** The flags written as code in a text. */
const FLAGS = /(?<=`)--?[a-z][\w-]*/gi;

/** Share of the window's best unit's score that a key elsewhere in the section needs. */
const FAR_KEY = 0.75;

/**
 * The share a key needs when it holds a word of the question that nothing of the window holds,
 * prose or code: the window answers the question's other words, and the key is the one part of
 * the section about the word it leaves out.
 */
const UNSAID_KEY = 0.5;

/**
 * For a task, the key elsewhere in the section than its window: a command (a code block, an option
 * item, or a sentence writing a flag as code that the window does not write) that holds a word of
 * the question neither the window's commands nor the headings hold, and scores at least
 * {@link FAR_KEY} of the window's best unit ({@link UNSAID_KEY} when nothing of the window holds that word). A word the window's prose says ("the python standard
 * doctest module") is not yet done by its commands (`pytest --doctest-glob="*.rst"`), while the
 * later one (`pytest --doctest-modules`) does it. The best such one that fits in `left` words is
 * quoted beside the window, with the sentence right before a code block (or a note's label right
 * before its code) when that fits too, as it says what the command does ("For example, to
 * emulate the md5sum command you can use"). One before it is the example its sentence refers back to (`:caution-caption: Achtung` above "…
 * translated into …, German, … just as suggested above"). None when none fits.
 */
export function farKey(
  passage: SectionPassage,
  scores: number[],
  weights: TermWeights,
  start: number,
  end: number,
  left: number,
): Unit[] {
  const { units } = passage;
  const window = units.slice(start, end + 1);
  const best = Math.max(...scores.slice(start, end + 1));
  const missing = [...weights.keys()].filter(
    (t) =>
      !PHRASING.has(t) && !passage.headingTerms.has(t) && !window.some((u) => isCommand(u) && u.terms.has(t)),
  );
  const unsaid = missing.filter((t) => !window.some((u) => u.terms.has(t)));
  const written = window.map((u) => u.text).join('\n');
  // A sentence naming a flag the window gives adds no command ("…without `--refresh-times`").
  const newFlag = (u: Unit) => (u.text.match(FLAGS) ?? []).some((f) => !written.includes(f));
  let found = -1;
  // One after the window wins a tie.
  const others = [...units.keys()].filter((i) => i > end).concat([...units.keys()].filter((i) => i < start));
  for (const i of others) {
    const u = units[i]!;
    if (!(isCommand(u) || (INLINE_FLAG.test(u.text) && newFlag(u))) || u.words > left) continue;
    const share = unsaid.some((t) => u.terms.has(t)) ? UNSAID_KEY : FAR_KEY;
    if (scores[i]! < share * best || !missing.some((t) => u.terms.has(t))) continue;
    if (found < 0 || scores[i]! > scores[found]!) found = i;
  }
  if (found < 0) return [];
  const lead = units[found - 1];
  // The sentence right before a code block, or a long note's part right before its code (the
  // note's label of its tab or its sentence, see `quoteSentences`), says what the command does.
  const introduces =
    (lead?.kind === 'paragraph' && units[found]!.kind === 'code') ||
    (lead?.kind === 'quote' && lead.block === units[found]!.block && !writesCode(lead));
  const led = (found < start || found - 1 > end) && introduces && units[found]!.words + lead!.words <= left;
  return led ? [lead, units[found]!] : [units[found]!];
}
