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
 * A word that joins several in one (`basicAuth`, `AccessLogs`, `IPAllowList`): a lower-case letter
 * before a capital, or a run of capitals before a capitalised word.
 */
const COMPOUND = /[\p{L}\p{N}]*(?:\p{Ll}\p{Lu}|\p{Lu}\p{Lu}\p{Ll}{2})[\p{L}\p{N}]*/gu;

/**
 * The words of a text's camelCase and PascalCase compounds, space-separated (`basicAuth` →
 * `basic Auth`, `IPAllowList` → `IP Allow List`): docs name options and pages that way
 * (`minVersion`, a page titled "BasicAuth") while a visitor writes the words ("minimum TLS
 * version", "basic auth"). Added beside the text, which keeps the compound itself.
 */
export function compoundParts(text: string): string {
  return (text.match(COMPOUND) ?? [])
    .map((word) => word.replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2').replace(/(\p{Lu})(\p{Lu}\p{Ll}{2})/gu, '$1 $2'))
    .join(' ');
}

/** A light suffix stripper, so "tokens", "tokenized" and "token" share features. */
export function stem(word: string): string {
  if (word.length <= 4) return word;
  return word.replace(/(ations?|ings?|ers?|ies|ed|es|s|ly)$/, '') || word;
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
