import { type SectionPassage } from './section-passage';
import { codeTerms, isCodeLabel } from './command-unit';

/**
 * The question's words that no retrieved section writes in its headings or prose but one writes in
 * its code (outside its strings): a command or tool the asker names as a plain word ("Can I install
 * Asciidoctor on Windows with choco?", answered by `C:\> choco install ruby`). The docs name it
 * only where it is typed, so it counts there as said, as a name the question writes does (see
 * `rankSections`), rather than as a word that code holds in passing. A word that some section
 * writes in its prose ("file", "install") is not one: its code holds it as one word among others;
 * nor is one that code writes only in a comment or a string (`// Only handle packages with @company
 * scope`, asked for "my company's scope"): a comment is prose, a string the example's data.
 */
export function codeOnlyWords(passages: SectionPassage[], asked: Iterable<string>): Set<string> {
  const said = (p: SectionPassage, t: string) =>
    p.headingTerms.has(t) ||
    p.units.some((u, i) => u.kind !== 'code' && !isCodeLabel(p.units, i) && u.terms.has(t));
  const typed = (p: SectionPassage, t: string) =>
    p.units.some((u) => u.kind === 'code' && codeTerms({ ...u, text: withoutComments(u.text) }).includes(t));
  return new Set(
    [...asked].filter((t) => !passages.some((p) => said(p, t)) && passages.some((p) => typed(p, t))),
  );
}

/**
 * Code without its comments (`// …`, `# …` at a line's start or after a space) and template
 * strings (`` `https://registry.company.com/${name}` ``); `codeTerms` leaves out quoted strings.
 */
function withoutComments(code: string): string {
  return code.replace(/(^|\s)(?:\/\/|#).*$/gm, '$1').replace(/`[^`\n]*`/g, ' ');
}
