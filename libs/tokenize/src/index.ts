export { compoundParts, fnv1a, stem, words } from './tokenize';
