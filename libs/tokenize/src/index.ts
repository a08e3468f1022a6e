export { compoundParts, fnv1a, stem, words } from './tokenize';
export { equivalentTerms } from './equivalent-words';
