import { ASKS_TO, askedVerb, DETERMINERS } from './question-intent';

/**
 * Words between the asked verb and its object: a particle ("turn off the…"), a determiner, a
 * quantifier or a number ("one domain": WordNet holds "one" as a noun, which it is not there),
 * and "own" after a possessive ("run my _own_ server": whose it is, which docs word as
 * "self-hosted" or not at all, not what it is).
 */
const BEFORE_OBJECT = new Set([
  ...'on off up down out back own'.split(' '),
  ...DETERMINERS,
  ...'some any each every all one two'.split(' '),
]);

/** Words that end the object's noun phrase: a preposition, a conjunction, "when", "so". */
const AFTER_OBJECT = new Set(
  (
    'in on of for to with when whenever while as into onto from by at after before so if without per and or but than via instead ' +
    'that which where who whose between under over across inside through against once straight itself again only along'
  ).split(' '),
);

/**
 * Vague verbs (see `askedVerb`) whose object is still what is asked: "get" asks to obtain or
 * receive a thing ("get an email when…", "get a stack trace"), as a task's verb asks to act on
 * one, and docs that never write the thing do not give it. The others take what the asker
 * already has ("use my local checkout", "fix my build"), which the docs word their own way.
 */
const OBTAINING = new Set(['get']);

/**
 * The plain words of the thing a question asks to act on: the noun phrase right after the verb it
 * asks to do (see `askedVerb`), "the widget sound" of "How do I turn off the widget sound?", "a
 * sound" of "How do I play a sound when…". Empty when the question asks no task, or a vague one
 * ("use my local checkout of a library": what is used is the asker's wording of the docs' thing)
 * other than {@link OBTAINING}'s.
 * Words written as names or code are not plain words: the names' own checks judge them. Empty too
 * when a determiner follows its first word (a clause: "check that requests carry a valid…"), or
 * when "of" follows the phrase: its words then name a measure or a part of the thing named after
 * "of" ("set length of recording time" of docs that write "recording time", never "length").
 */
export function askedObject(question: string): string[] {
  const rest = afterVerb(question);
  if (!rest) return [];
  const { words, next } = nounPhrase(rest, true);
  // "stop _collecting_ metrics": a verb in -ing right after the asked one ("the logging level"
  // is a noun phrase) asks to do something to what follows it, which is the thing.
  const doing = words.length > 1 && words[0] === rest[0]?.toLowerCase() && words[0]!.endsWith('ing');
  // A determiner inside the phrase ("check that requests carry _a_ valid…") ends a clause, not
  // a noun phrase: its words are no thing.
  return endsNoThing(next) ? [] : doing ? words.slice(1) : words;
}

/**
 * The plain words after the names that open the thing a question asks to act on: "color theme" of
 * "How do I change the VS Code color theme?", which {@link askedObject} leaves out, as a name is no
 * plain word. The names say whose thing it is, the words after them what it is. Empty when the
 * thing does not open with a name, or is a clause or a part of another thing (as there).
 */
export function objectAfterNames(question: string): string[] {
  const rest = afterVerb(question);
  if (!rest) return [];
  const start = rest.findIndex((w) => !BEFORE_OBJECT.has(w.toLowerCase()));
  let end = start;
  while (end >= 0 && end < rest.length && NAME_WORD.test(rest[end]!)) end++;
  if (end <= start) return [];
  const { words, next } = nounPhrase(rest.slice(end), true);
  return endsNoThing(next) ? [] : words;
}

/**
 * Whether the word a noun phrase of the asked thing stopped at (see {@link nounPhrase}) makes its
 * words no thing: "of" (they name a measure or a part of the thing after it) or a determiner
 * (they open a clause).
 */
function endsNoThing(next: string | undefined): boolean {
  return next === 'of' || DETERMINERS.includes(next ?? '');
}

/** A word written as a name: a capital, then letters or digits only ("VS", "Code"). */
const NAME_WORD = /^\p{Lu}[\p{L}\p{N}]*$/u;

/**
 * The words after the verb a question asks to do (see `askedVerb`) or to get (see
 * {@link OBTAINING}); undefined when it asks neither.
 */
function afterVerb(question: string): string[] | undefined {
  const match = ASKS_TO.exec(question);
  if (!match || !(askedVerb(question) || OBTAINING.has(match[1]!.toLowerCase()))) return undefined;
  return question
    .slice(match.index + match[0].length)
    .trim()
    .split(/\s+/);
}

/**
 * The plain words of the noun phrase `rest` opens with, lower-case, after any of
 * {@link BEFORE_OBJECT}, up to a word of {@link AFTER_OBJECT}, a determiner (another phrase's), a name or code (not a plain
 * word), an adverb in "-ly" (with `adverbEnds`) or the end of a clause; and the word it stopped
 * at, if any.
 */
function nounPhrase(rest: readonly string[], adverbEnds: boolean): { words: string[]; next?: string } {
  const words: string[] = [];
  for (const raw of rest) {
    const word = raw.replace(/[?!.,;:]+$/, '');
    const lower = word.toLowerCase();
    if (!words.length && BEFORE_OBJECT.has(lower)) continue;
    if (DETERMINERS.includes(lower)) return { words, next: lower };
    if (!word || AFTER_OBJECT.has(lower) || (adverbEnds && lower.endsWith('ly')) || !/^[a-z]+$/.test(word))
      return { words, next: lower };
    words.push(lower);
    if (word !== raw) break;
  }
  return { words };
}

/**
 * Words that open a phrase saying how, in what form, by what means or when a thing is done: "as
 * a spreadsheet", "by voice", "with a voice", "on my phone", "every night".
 */
const OPENS_MANNER = new Set('as by with via on every'.split(' '));

/**
 * The last plain word of each phrase of a question that says how, in what form, by what means or
 * when its task is done (see {@link OPENS_MANNER}), up to a word that ends a noun phrase:
 * "spreadsheet" of "export the lockfile as a spreadsheet", "phone" of "get a text message on my
 * phone when…", "night" of "run every night". Empty for a phrase that holds a name or code.
 */
export function askedManner(question: string): string[] {
  const words = question.split(/\s+/);
  const out: string[] = [];
  words.forEach((word, i) => {
    if (!OPENS_MANNER.has(word.toLowerCase())) return;
    const phrase = nounPhrase(words.slice(i + 1), false);
    // A phrase that runs into a name or code ("on Windows") is not said in plain words.
    const plain = !phrase.next || AFTER_OBJECT.has(phrase.next);
    if (plain && phrase.words.length) out.push(phrase.words.at(-1)!);
  });
  return out;
}

/**
 * The form a question asks its task's thing made in when it names it by a name alone after "as"
 * ("export a chat as _PDF_"; "as a spreadsheet" is plain words, see {@link askedManner}): a
 * format, as much what is asked as a form in plain words, lower-case; empty when it names none.
 */
export function askedForm(question: string): string[] {
  const rest = question.split(/\s+/);
  const at = rest.findIndex((w) => w.toLowerCase() === 'as');
  if (at < 0) return [];
  const start = DETERMINERS.includes(rest[at + 1]?.toLowerCase() ?? '') ? at + 2 : at + 1;
  const name = rest[start]?.replace(/[?!.,;:]+$/, '');
  const after = rest[start + 1]?.toLowerCase();
  return name && /^\p{Lu}[\p{L}\p{N}]*$/u.test(name) && (!after || AFTER_OBJECT.has(after))
    ? [name.toLowerCase()]
    : [];
}
