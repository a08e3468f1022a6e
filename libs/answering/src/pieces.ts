/** Splits text into pieces of a few words, keeping the whitespace: the deltas of a streamed answer. */
export function pieces(text: string, words: number): string[] {
  const tokens = text.split(/(?<=\s)/);
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i += words) out.push(tokens.slice(i, i + words).join(''));
  return out;
}
