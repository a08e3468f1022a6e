import { isCodeLabel } from './command-unit';
import { codeTitles, leadsIn } from './lead-in';
import type { SectionPassage, Unit } from './section-passage';
import { inlineCode } from './text';

/**
 * The units that say something not yet quoted, without a lead-in ("…give docqa the app's
 * credentials:") whose continuation was left out as said already, nor a code block's title
 * ("Example 2. document.adoc", see `codeTitles`) whose code was. A code label
 * (`**File (TOML)**:`) goes with its code alone: another page's tab of that name labels other code.
 */
export function unsaid(units: Unit[], seen: Unit[]): Unit[] {
  const said = units.map((u, i) => !isCodeLabel(units, i) && repeats(u, seen));
  const titles = codeTitles(units);
  return units.filter((u, i) => !said[i] && !(leadsIn(u, titles) && said[i + 1]));
}

/**
 * Whether a unit says again what an earlier one said: nearly all its words (page numbers aside)
 * are in one sentence already quoted, or it holds such a sentence whole (a manual's run-on line
 * that repeats a sentence quoted just before).
 */
function repeats(unit: Unit, seen: Unit[]): boolean {
  const words = [...unit.terms].filter((t) => !/^\d+$/.test(t));
  if (!words.length) return false;
  if (unit.kind === 'code') return repeatsCode(unit, seen);
  const text = flat(unit.text);
  const code = inlineCode(unit.text);
  return seen.some(
    (s) =>
      (words.filter((t) => s.terms.has(t)).length >= 0.85 * words.length &&
        code.every((c) => s.text.includes(c))) ||
      (s.words >= MIN_REPEATED_WORDS && text.includes(flat(s.text))),
  );
}

/**
 * Whether a code block says again what an earlier quote gave: a quoted unit holds its code whole
 * (the same block, or a sentence that writes the command as code). Its words among a longer
 * command's are not enough: `asciidoctor *.adoc` is another command than the
 * `asciidoctor -D build *.adoc` quoted before it, though every word of it is in that one.
 */
function repeatsCode(unit: Unit, seen: Unit[]): boolean {
  const code = flat(codeText(unit.text));
  return (
    code.length > 0 && seen.some((s) => flat(s.kind === 'code' ? codeText(s.text) : s.text).includes(code))
  );
}

/** A code block's code, without its fences and its lines' shell prompts (`$ `). */
function codeText(text: string): string {
  return text.replace(/^\s*(```|~~~).*$/gm, '').replace(/^\s*[$>] +/gm, '');
}

/** Fewest words of a quoted sentence that another unit holding it whole repeats. */
const MIN_REPEATED_WORDS = 5;

/** Text with its white space as single spaces, for comparing sentences. */
function flat(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * Share of a section's words at most that are new beside another section's for it to be a copy
 * of that one (see {@link isCopy}).
 */
const COPY_NEW_WORDS = 0.2;

/**
 * Whether a section is a copy of another: it is on another page of the same title, or nearly all
 * its words are in units that repeat the other's (see {@link unsaid}). A manual prints some
 * sections in two chapters, and a site copies a page under another; quoted beside the one it
 * copies, it says little that is new.
 */
export function isCopy(passage: SectionPassage, of: SectionPassage): boolean {
  if (passage.doc !== of.doc && passage.chunk.title === of.chunk.title) return true;
  const total = passage.units.reduce((n, u) => n + u.words, 0);
  const fresh = unsaid(passage.units, of.units).reduce((n, u) => n + u.words, 0);
  return total > 0 && fresh <= COPY_NEW_WORDS * total;
}
