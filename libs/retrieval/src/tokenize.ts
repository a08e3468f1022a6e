/** Words of a text for lexical features: lower-cased letters and digits, accents folded. */
export function words(text: string): string[] {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/** A light suffix stripper, so "tokens", "tokenized" and "token" share features. */
export function stem(word: string): string {
  if (word.length <= 4) return word;
  return word.replace(/(ations?|ings?|ers?|ies|ed|es|s|ly)$/, '') || word;
}
