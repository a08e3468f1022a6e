import { unescapeMarkdown } from '@docqa/chunking';
import type { SectionPassage } from './section-passage';
import { terms } from './text';

/**
 * The flags a heading of a command's option gives (`-w, --workspace-root`, `--output-dir, -o
 * <dir>`), without their arguments; none for a topic ("Options") or a setting's key.
 */
function flagNames(heading: string): string[] {
  const text = unescapeMarkdown(heading).replace(/`/g, '').trim();
  const parts = text.split(/\s*[,/]\s*/);
  if (!parts.every((part) => part.startsWith('-'))) return [];
  return parts.map((part) => part.split(/[\s=]/)[0]!).filter((name) => /^--?[a-z0-9][\w-]*$/i.test(name));
}

/** The words of a flag's name, as terms: `--workspace-root`: `workspac`, `root`. */
function spelledWords(name: string): string[] {
  return terms(name.replace(/^-+/, '').replace(/[-_]+/g, ' '));
}

/** Whether `list` holds `part` as consecutive items. */
function holdsInRow(list: string[], part: string[]): boolean {
  for (let i = 0; i + part.length <= list.length; i++)
    if (part.every((t, j) => list[i + j] === t)) return true;
  return false;
}

/**
 * Whether a section's own heading is a command's flag whose name of two words or more the
 * question writes in words, in a row ("How do I run a command in the workspace root…?" for
 * `-w, --workspace-root`): the question names that flag as a visitor spells it, as one that writes
 * `--workspace-root` names it as code (see `literalTokens`). A name of one word ("dir") is as often
 * a plain word of the question; a setting's key (`trustForwardHeader`) names a setting of some
 * part of the product, which the question's words need not ask about.
 */
export function namedInWords(passage: SectionPassage, question: string[]): boolean {
  const heading = passage.section.split(' › ').at(-1) ?? '';
  return flagNames(heading).some((name) => {
    const words = spelledWords(name);
    return words.length > 1 && holdsInRow(question, words);
  });
}
