/** The lines of a text written one item a line, trimmed, blank ones left out. */
export function textLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}
