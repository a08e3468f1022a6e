const FENCE = /^\s{0,3}(`{3,}|~{3,})/;
/** A setext underline: `===` (level 1) or `---` (level 2). */
const UNDERLINE = /^ {0,3}(=+|-+)[ \t]*$/;
/** Lines that cannot be a setext heading's text: blocks of their own, or nothing. */
const NOT_TEXT = /^\s*$|^ {0,3}([-*+]\s|\d+[.)]\s|>|\||#|<|`{3}|~{3})|^ {4}|^\t/;

/**
 * Markdown with its setext headings (a line underlined with `===` or `---`) written as ATX ones
 * (`#`, `##`), the one form the chunker splits sections at. A heading's text is one line after a
 * blank one (or the start), as older docs write them; fenced code is left alone.
 */
export function atxHeadings(markdown: string): string {
  const lines = markdown.split('\n');
  let fence: string | null = null;
  for (let i = 0; i < lines.length - 1; i++) {
    const line = lines[i]!;
    const run = FENCE.exec(line)?.[1];
    if (fence || run) {
      if (fence && run && run[0] === fence[0] && run.length >= fence.length) fence = null;
      else if (!fence) fence = run!;
      continue;
    }
    const underline = UNDERLINE.exec(lines[i + 1]!);
    const alone = i === 0 || !lines[i - 1]!.trim();
    if (!underline || !alone || NOT_TEXT.test(line)) continue;
    lines[i] = `${underline[1]![0] === '=' ? '#' : '##'} ${line.trim()}`;
    lines.splice(i + 1, 1);
  }
  return lines.join('\n');
}
