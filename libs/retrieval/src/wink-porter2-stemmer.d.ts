declare module 'wink-porter2-stemmer' {
  /** Snowball English (Porter2) stem of a lower-case word. */
  export default function stem(word: string): string;
}
