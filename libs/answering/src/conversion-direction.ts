import type { SectionPassage } from './section-passage';
import { terms } from './text';

/** What a question asks to convert, and into what, as a term each. */
export interface Conversion {
  source: string;
  target: string;
}

/** Words of a clause, up to four, stopping at punctuation. */
const WORDS = String.raw`((?:[^\s,;:.!?]+\s+){0,3}?[^\s,;:.!?]+)`;

/**
 * "from X to Y", or a verb of conversion and "X to Y" / "X into Y" ("turn my DocBook XML into
 * AsciiDoc", "migrate from npm to pnpm", "convert Markdown files to AsciiDoc").
 */
const ASKED = new RegExp(
  String.raw`\b(?:from|convert|converting|turn|turning|migrate|migrating|translate|transform|export)\s+` +
    String.raw`${WORDS}\s+(?:to|into)\s+${WORDS}`,
  'iu',
);

/**
 * The conversion a question asks for, or null: the last term of what it converts and the first of
 * what into, when they differ.
 */
export function askedConversion(question: string): Conversion | null {
  const match = ASKED.exec(question);
  if (!match) return null;
  const from = terms(match[1]!.replace(/^from\s+/i, ''));
  const [target] = terms(match[2]!);
  // The last term of the source names it ("my existing DocBook XML": `xml`); the others qualify.
  const source = from.at(-1);
  if (!source || !target || from.includes(target)) return null;
  return { source, target };
}

/** Share of its score a section that converts the other way keeps (see `convertsOtherWay`). */
export const OTHER_WAY_SHARE = 0.5;

/** "from X" and "X to Y" / "X into Y" in a heading. */
const FROM = /\bfrom\s+([^\s,;:.!?›]+(?:\s+[^\s,;:.!?›]+)?)/giu;
const TO = /([^\s,;:.!?›]+)\s+(?:to|into)\s+([^\s,;:.!?›]+)/giu;

/**
 * Whether a section's title and headings name the conversion the other way round: from what the
 * question wants to convert into ("Generate DocBook from AsciiDoc" for "How can I turn my DocBook
 * XML into AsciiDoc?"), or the question's target into its source. Such a page does the
 * opposite task in the same words; the page that migrates the other way is the answer.
 */
export function convertsOtherWay(passage: SectionPassage, asked: Conversion | null): boolean {
  if (!asked) return false;
  const headings = `${passage.chunk.title} › ${passage.section}`;
  for (const [, words] of headings.matchAll(FROM)) if (terms(words!)[0] === asked.target) return true;
  for (const [, a, b] of headings.matchAll(TO))
    if (terms(a!)[0] === asked.target && terms(b!)[0] === asked.source) return true;
  return false;
}
