export { compoundParts, fnv1a, readerWords, stem, symbolNames, words } from './tokenize';
export { equivalentTerms } from './equivalent-words';
