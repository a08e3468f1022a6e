export { fnv1a, stem, words } from './tokenize';
