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

/**
 * The one light stemmer (keyword features, local embeddings, answer terms), so "enable",
 * "enabled", "enables" and "enabling" share one term. Words of 3 letters or fewer, and words with
 * digits, stay as they are.
 */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  const base = word.replace(/(ing|ed|es|s)$/, '');
  return (base.length >= 3 ? base : word).replace(/(?<=..)e$/, '');
}

/** 32-bit FNV-1a hash of a string's UTF-16 code units: a cheap, stable feature index. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
