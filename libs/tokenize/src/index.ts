export {
  compoundParts,
  fnv1a,
  joinPhrasal,
  phrasalSpellings,
  readerWords,
  stem,
  symbolNames,
  words,
} from './tokenize';
export { equivalentTerms } from './equivalent-words';
