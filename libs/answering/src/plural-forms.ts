/**
 * The other form of a term that the light stemmer (see `terms`) leaves apart from it: a noun in
 * a consonant and "y" and its plural in "ies" ("dependency", "dependenci" of "dependencies";
 * "policy", "polici"), one way or the other; undefined for any other term.
 */
export function yPluralForm(term: string): string | undefined {
  if (/[^aeiouy]y$/.test(term) && term.length > 3) return `${term.slice(0, -1)}i`;
  if (/[^aeiouy]i$/.test(term) && term.length > 3) return `${term.slice(0, -1)}y`;
  return undefined;
}

/**
 * Whether a section holds a term in its other singular or plural form (see {@link yPluralForm}),
 * by `strengthOf`, the strength a section holds a term with: a question's "dependency" is
 * covered by a section on "dependencies". Only whether the question is covered counts it: the
 * ranking of sections is left as the stemmer makes it, as two forms of a word weighed as one moved
 * the choice of pages elsewhere (docs/benchmarks.md).
 */
export function holdsOtherForm(term: string, strengthOf: (term: string) => number): boolean {
  const other = yPluralForm(term);
  return other !== undefined && strengthOf(other) > 0;
}
