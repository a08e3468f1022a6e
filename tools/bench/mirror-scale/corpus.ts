import { emanual } from '../eval-data';

/** Sentences of `n` words of the emanual-tv vocabulary (Zipf-like), from a seeded generator. */
export function sentences(seed: number): (n: number) => string {
  const vocabulary = [
    ...new Set(emanual().docs.flatMap((d) => d.text.toLowerCase().match(/[a-z]{3,}/g) ?? [])),
  ];
  const random = () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32;
  const word = () => vocabulary[Math.floor(vocabulary.length * random() ** 2.5)]!;
  return (n) => Array.from({ length: n }, word).join(' ');
}
