export {
  compoundParts,
  fnv1a,
  FNV_OFFSET,
  FNV_PRIME,
  joinedWords,
  joinPhrasal,
  phrasalSpellings,
  readerWords,
  stem,
  symbolNames,
  words,
} from './tokenize';
export { equivalentTerms } from './equivalent-words';
