export {
  commandWords,
  compoundParts,
  fnv1a,
  nounVerbs,
  FNV_OFFSET,
  FNV_PRIME,
  joinedWords,
  joinPhrasal,
  joinSlashedVersions,
  joinVersions,
  phrasalSpellings,
  readerWords,
  runTogetherSpellings,
  stem,
  symbolNames,
  versionSpellings,
  words,
} from './tokenize';
export { equivalentTerms } from './equivalent-words';
export { impliedWords, impliedWordings } from './implied-words';
