import {
  impliedWordings,
  joinPhrasal,
  joinSlashedVersions,
  joinVersions,
  readerWords,
  runTogetherSpellings,
  words,
} from '@docqa/tokenize';

const STOP = new Set(
  'a about all also am an and any are as at be been both but by can could do does did each either for from had has have how i if in into is it its just me more most must my of on or other our over should so some such than that the their them then there these they this those to too us very was we were what when where which who whom why will with would you your'.split(
    ' ',
  ),
);

/**
 * Content words of a text: lower-case, accents folded, stop words dropped, lightly stemmed, a
 * phrasal verb written in two words as its one-word spelling (`set up`: `setup`, see
 * `joinPhrasal`), a named version as its name and its one-word spelling (`TLS 1.2`: `tls`,
 * `tls12`, see `joinVersions`).
 */
export function terms(text: string): string[] {
  return contentTerms(joinPhrasal(words(joinVersions(text))));
}

/**
 * "Ones", which only stands for things the question or the turn before names ("how do I leave out
 * the ones under a second?", after the slowest test durations): it names nothing the docs write,
 * and as a word few sections hold it weighed most and declined the question. ("One" is kept: as
 * often a number as a pronoun, "one router only"; as a pronoun it weighs little, see `ONE_PRONOUN`.)
 */
const PRONOUN = 'ones';

/**
 * The {@link terms} of a question, each verb of {@link VERB_ONLY_PHRASAL} it writes in two words
 * where a verb stands ("How do I log in…", "to log out") as its one-word spelling when `held`
 * holds that spelling's term: the docs name a command or page so (`pnpm login`). When they do
 * not, they write the task in words ("for logging in"), which the two words find. Then the terms
 * of the words its wording implies (see `impliedWordings`: "try again" is a `retry`) that `held`
 * holds: the docs' word for what the visitor writes otherwise, asked in place of the words that
 * imply it. Each term once.
 */
export function askedTerms(text: string, held: (term: string) => boolean): string[] {
  const list = joinPhrasal(words(joinVersions(text))).filter((w) => w !== PRONOUN);
  const joined = contentTerms(joinVerbPhrasal(list));
  const plain = contentTerms(list);
  const chosen = joined.every((t) => plain.includes(t) || held(t)) ? joined : plain;
  const implied = impliedWordings(text).filter(({ word }) => {
    const [term] = terms(word);
    return !!term && (chosen.includes(term) || held(term));
  });
  // The words that imply a held word are the visitor's way of saying it: they are not asked of
  // a section beside it ("no internet connection" is asked as "offline", not as "internet"), nor
  // when the question also writes that word ("itself" beside "self-update").
  const said = new Set(implied.flatMap(({ wording }) => terms(wording)));
  const own = chosen.filter((t) => !said.has(t));
  // A run-together spelling a section holds is the name docs give what the words ask ("replica
  // of": `replicaof`); the words stay asked, as the docs write them too. A verb's one-word
  // spelling is asked only where a verb stands (see `joinVerbPhrasal`): "the access log in JSON".
  const runTogether = runTogetherSpellings(text)
    .split(' ')
    .filter((w) => w && !VERB_SPELLINGS.has(w))
    .flatMap(terms)
    .filter(held);
  return [...new Set([...own, ...implied.flatMap(({ word }) => terms(word)), ...runTogether])];
}

/**
 * Verbs with a particle whose two words are as often a noun and a preposition ("the access log in
 * JSON"), each with its particles' one-word spellings: docs name the command or page so (`pnpm
 * login`, "Logout"), a visitor asks for the task ("How do I log in to the registry?"). Not joined
 * in `terms`, as docs write the noun as often as the verb (see {@link askedTerms}). So too verbs
 * whose one-word spelling is the noun docs name a feature by ("a fallback service", "Failover"),
 * where a visitor asks for what it does ("fall back to a backup service when…"); their two
 * words alone ("fall", "back") are held by sections about anything.
 */
const VERB_ONLY_PHRASAL = new Map([
  [
    'log',
    new Map([
      ['in', 'login'],
      ['into', 'login'],
      ['out', 'logout'],
    ]),
  ],
  ['fall', new Map([['back', 'fallback']])],
  ['fail', new Map([['over', 'failover']])],
]);

/** Words after which a verb's base form stands, not a noun: a subject pronoun, a modal, "to". */
const BEFORE_VERB = new Set('i you we they to can could should must will would please then'.split(' '));

/** The one-word spellings of {@link VERB_ONLY_PHRASAL}'s verbs. */
const VERB_SPELLINGS = new Set([...VERB_ONLY_PHRASAL.values()].flatMap((p) => [...p.values()]));

/**
 * {@link VERB_ONLY_PHRASAL}'s verbs written in two words, in their base form and where a verb
 * stands (see {@link BEFORE_VERB}: "How do I log in", "to log out"), as their one-word spelling.
 */
function joinVerbPhrasal(list: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < list.length; i++) {
    const joined = BEFORE_VERB.has(list[i - 1] ?? '')
      ? VERB_ONLY_PHRASAL.get(list[i]!)?.get(list[i + 1] ?? '')
      : undefined;
    out.push(joined ?? list[i]!);
    if (joined) i++;
  }
  return out;
}

/**
 * The {@link terms} of a text word by word, a phrasal verb's words as two terms: the fixed count of
 * the benches' token recall, which must not move with how the answerer matches words.
 */
export function wordTerms(text: string): string[] {
  return contentTerms(words(text));
}

function contentTerms(list: string[]): string[] {
  return list.filter((w) => !STOP.has(w) && (w.length > 1 || /\d/.test(w))).map(stem);
}

/**
 * Terms docs write for a thing, each with the term a visitor asks it by: docs say "custom" of
 * what the visitor calls "my own" ("How do I use my own stylesheet?" asks for the page "Apply a
 * Custom Stylesheet"), so a document's "custom" holds the question's "own" too.
 */
const ASKERS_WORDS = new Map([['custom', 'own']]);

/**
 * A word written with letters in parentheses before it (`(S)FTP`, `(sub)domains`, `(f)ailed`):
 * the word with them and without them.
 */
const OPTIONAL_LETTERS = /(?<![\p{L}\p{N}\])])\((\p{L}{1,3})\)(\p{L}+)/gu;

/**
 * The spellings a text writes at once with {@link OPTIONAL_LETTERS}, space-separated: "SFTP FTP"
 * for "(S)FTP". Hasher caches checksums of "(S)FTP files", which a reader asks of "SFTP".
 */
export function optionalSpellings(text: string): string {
  return [...text.matchAll(OPTIONAL_LETTERS)]
    .map(([, letters, word]) => `${letters}${word} ${word}`)
    .join(' ');
}

/**
 * The {@link terms} of a document's text, then those of the words a reader writes for its names
 * (`basicAuth`: `basic`, `auth`; `'~'`: `tilde`, see `readerWords`; `(S)FTP`: `sftp`, see
 * {@link optionalSpellings}), and the words askers use for its terms (see {@link ASKERS_WORDS}):
 * a question's words find an option or page named in one. A question's own terms stay as
 * written, so its "OpenAI" does not become "open" and "ai".
 */
export function documentTerms(text: string): string[] {
  const parts = [readerWords(text), optionalSpellings(text)].filter(Boolean).join(' ');
  const found = parts ? [...terms(text), ...terms(parts)] : terms(text);
  const asked = found.flatMap((t) => ASKERS_WORDS.get(t) ?? []);
  return asked.length ? [...found, ...asked] : found;
}

/**
 * Irregular past forms of verbs docs and questions write, with their base form: "the built site"
 * asks what "build" writes, "can be overridden" is what "override" does. Not "left" (a side),
 * "bound" or "found" (a limit; "not found"), nor "given" ("a given line"), whose other senses docs
 * and questions write as often.
 */
const IRREGULAR = new Map(
  Object.entries({
    built: 'build',
    rebuilt: 'rebuild',
    written: 'write',
    wrote: 'write',
    rewritten: 'rewrite',
    overridden: 'override',
    overrode: 'override',
    made: 'make',
    kept: 'keep',
    sent: 'send',
    chosen: 'choose',
    chose: 'choose',
    taken: 'take',
    took: 'take',
    shown: 'show',
    hidden: 'hide',
    broken: 'break',
    forgotten: 'forget',
    frozen: 'freeze',
    began: 'begin',
    begun: 'begin',
    ran: 'run',
    thrown: 'throw',
    threw: 'throw',
    held: 'hold',
    spent: 'spend',
    lost: 'lose',
    got: 'get',
    gotten: 'get',
  }),
);

/**
 * The answerer's light stemmer, so "enable", "enabled", "enables" and "enabling" share one term;
 * a word's "ss" is kept ("pass", as "passing" and "passes" are: not "pas").
 * Retrieval strips suffixes by rules of its own (`libs/tokenize/src/tokenize.ts`): one set of
 * rules for both measured worse answers (docs/benchmarks.md, "Retrieval quality").
 */
function stem(word: string): string {
  const irregular = IRREGULAR.get(word);
  if (irregular) return stem(irregular);
  if (word.length <= 3 || /\d/.test(word)) return word;
  let base = word.replace(/(ing|ed|es|(?<!s)s)$/, '');
  // "shutting", "stopped": the consonant doubled before the suffix goes too (not l, s or z: "installed").
  if (/(ing|ed)$/.test(word) && /([^aeiouylsz])\1$/.test(base) && base.length >= 4) base = base.slice(0, -1);
  return (base.length >= 3 ? base : word).replace(/(?<=..)e$/, '');
}

/**
 * Terms of the words a text writes as names: with a capital past the first word of a sentence, or
 * with more than one (`Kubernetes`, `SAML`, `iOS`). A question's name the documents never mention
 * says they do not cover it; a plain word they do not use ("interrupted") is only worded otherwise.
 */
export function nameTerms(text: string): Set<string> {
  return new Set(namePhrases(text).flat());
}

/**
 * The names of a text (see {@link nameTerms}) as written: the terms of each run of consecutive name
 * words together ("GitHub Actions": `github`, `action`), one list per run.
 */
export function namePhrases(text: string): string[][] {
  const phrases: string[][] = [];
  for (const sentence of text.split(/[.!?]\s+/)) {
    let run: string[] = [];
    // A name with its version after a slash is a name of its own (`HTTP/2`: `http`, `http2`), one
    // that documents about the name alone need not cover; a library named with its `.js` is its name.
    const written = joinSlashedVersions(sentence.replace(JS_LIBRARY, '$1'))
      .split(/[^\p{L}\p{N}_]+/u)
      .filter(Boolean);
    written.forEach((word, i) => {
      if ((i > 0 && /^\p{Lu}/u.test(word)) || (word.match(/\p{Lu}/gu)?.length ?? 0) > 1)
        run.push(...terms(word));
      else if (run.length) {
        phrases.push(run);
        run = [];
      }
    });
    if (run.length) phrases.push(run);
  }
  return phrases;
}

/**
 * Terms of the names a text writes right after "on" ("on Linux", "on Windows 11"): the platform
 * something runs on, which docs often word otherwise ("On POSIX systems", "Unix-like") rather than
 * what the question asks about (`nameTerms` of the rest).
 */
export function platformTerms(text: string): Set<string> {
  const names = nameTerms(text);
  const out = new Set<string>();
  for (const [, word] of text.matchAll(/\bon\s+([\p{L}\p{N}_]+)/giu))
    for (const term of terms(word!)) if (names.has(term)) out.add(term);
  return out;
}

/** Words after "instead of" or "rather than", up to the end of their clause (four at most). */
const ALTERNATIVE = /\b(?:instead\s+of|rather\s+than)\s+((?:[^\s,;:.!?]+\s*){1,4})/giu;

/**
 * Terms of the names a text writes as what it does not want, after "instead of" or "rather than"
 * ("How do I generate DocBook instead of HTML?"): the other thing, which the section that answers
 * need not name, rather than what the question asks about (`nameTerms` of the rest).
 */
export function alternativeTerms(text: string): Set<string> {
  const names = nameTerms(text);
  const out = new Set<string>();
  for (const [, words] of text.matchAll(ALTERNATIVE))
    for (const term of terms(words!)) if (names.has(term)) out.add(term);
  return out;
}

/**
 * A count the asker gives a thing ("change the indentation to 4 spaces", "more than 3 retries",
 * "every 10 minutes"): their value, which the section that sets it need not write (its example
 * holds another), while a heading may write that number for something else ("Option 4.").
 */
const ASKERS_COUNT =
  /\b(?:to|than|every|after|within|of|per|by|first|last|least|most)\s+(\d+)\s+\p{L}+s\b/giu;

/**
 * "One" as a pronoun for a thing the question names already, after a determiner and at most one
 * word ("than its published one", "than the one my project uses", "the old one"), not of a
 * compound ("a one-time message"): it names nothing of its own, while as the rarest of the
 * question's words it weighed most, and a section that writes "the one" in passing ranked first.
 */
const ONE_PRONOUN =
  /\b(?:the|an?|its|their|my|our|your|this|that|each|every|which|another|any)\s+(?:\p{L}+\s+)?one\b(?!-)/iu;

/** A clause the asker places their own doing in: "while I am still writing it", "whilst we work on it". */
const ASKERS_WHILE = /\b((?:while|whilst)\s+(?:i|we)\b[^,;:.!?]*)/giu;

/** Keeping a thing away from something: "keep a heading out of the sidebar", "keep X from…". */
const KEEP_AWAY = /\b(keep)\s+(?:[\p{L}\p{N}'._-]+\s+){1,5}?(out\s+of|from)\b/giu;

/**
 * Terms that phrase a question in its wording rather than name what it asks about. A clause of
 * what the asker does meanwhile, "while" with it ("How do I keep a page out of production builds
 * while I am still writing it?"): their case, which the section that answers need not write (a
 * draft is "not included in production builds"). And "keep" and "out" of keeping a thing out of
 * or from something, which docs write as excluding, ignoring or hiding it ("keep a heading out of
 * the sidebar's table of contents"). As words no retrieved section held, they weighed as much as
 * the question's own and declined it. And a count the asker gives a thing (see {@link ASKERS_COUNT}),
 * and "one" as a pronoun (see {@link ONE_PRONOUN}).
 */
export function phrasingTermsOf(text: string): Set<string> {
  const out = new Set<string>();
  if (ONE_PRONOUN.test(text)) out.add('one');
  for (const [, count] of text.matchAll(ASKERS_COUNT)) out.add(count!);
  for (const [, words] of text.matchAll(ASKERS_WHILE)) for (const term of terms(words!)) out.add(term);
  for (const [, keep, away] of text.matchAll(KEEP_AWAY))
    for (const term of terms(`${keep} ${away}`)) out.add(term);
  return out;
}

/** Code without its quoted strings, which hold example data rather than what the code does. */
export function withoutStringLiterals(code: string): string {
  return code.replace(/'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"/g, ' ');
}

/**
 * Tokens written like code that are the asker's own values rather than something the docs would
 * name: a version (`v1.2`) or a domain (`docs.acme.com`, `example.org`).
 */
const NOT_NAMED_THINGS = /^v\d|\.(?:com|org|net|io|dev|app|co|edu|gov)$/;

/**
 * A JavaScript library's name as prose writes it, capitalised with its `.js` (`Node.js`,
 * `Polly.JS`): the name, not a file, which docs write as `Polly`, `pollyjs` or `@pollyjs/core`.
 */
const JS_LIBRARY = /(?<![\w.-])(\p{Lu}[\p{L}\p{N}]*)\.[jJ][sS]\b/gu;

/**
 * The tokens a text writes as code rather than words: a flag (`--frozen-lockfile`), a dotted or
 * underscored name (`coverage.py`, `api.insecure`, `REDIS_PREFIX`), lower-cased. Docs that cover
 * such a thing write it so; words are matched by their terms instead.
 */
export function literalTokens(text: string): string[] {
  const found = text
    .replace(JS_LIBRARY, '$1')
    .matchAll(/(?<![\w.-])(--?[a-z][\w-]*|[a-z][\w-]*(?:[._][a-z0-9][\w-]*)+)/gi);
  return [...new Set([...found].map(([, token]) => token!.toLowerCase()))].filter(
    (t) => !/^(?:e\.g|i\.e|etc)$/.test(t) && !NOT_NAMED_THINGS.test(t) && t.length > 3,
  );
}

/**
 * The inline code spans of a text (`` `--safe-mode=SAFE_MODE` ``, `` `feedback: false` ``), without
 * their backticks: what a sentence names or sets as code.
 */
export function inlineCode(text: string): string[] {
  return [...text.matchAll(/`([^`\n]+)`/g)].map(([, code]) => code!);
}
