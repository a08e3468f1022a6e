export {
  commandWords,
  compoundParts,
  fnv1a,
  nounVerbs,
  FNV_OFFSET,
  FNV_PRIME,
  joinedWords,
  joinPhrasal,
  joinVersions,
  phrasalSpellings,
  readerWords,
  impliedWords,
  stem,
  symbolNames,
  versionSpellings,
  words,
} from './tokenize';
export { equivalentTerms } from './equivalent-words';
