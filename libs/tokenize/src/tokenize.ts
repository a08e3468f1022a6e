/** Words of a text for lexical features: lower-cased letters and digits, accents folded. */
export function words(text: string): string[] {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/**
 * Where a word joins two (`basicAuth`, `AccessLogs`, `IPAllowList`): a lower-case letter before a
 * capital, or a capital before a capitalised word. ASCII only: docs write identifiers in it, and a
 * plain pattern keeps the scan cheap (searches compute this for every candidate they re-score).
 */
const JOIN = /[a-z][A-Z]|[A-Z][A-Z][a-z]{2}/g;

/** Whether a UTF-16 code unit is an ASCII letter or digit. */
function isWordChar(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/**
 * The words of a text's camelCase and PascalCase compounds, space-separated (`basicAuth` →
 * `basic Auth`, `IPAllowList` → `IP Allow List`): docs name options and pages that way
 * (`minVersion`, a page titled "BasicAuth") while a visitor writes the words ("minimum TLS
 * version", "basic auth"). Added beside the text, which keeps the compound itself; each compound
 * once, as a text that repeats one (`SmartThings` on every line of a manual) is no more about its
 * words for that, and each more is work for the embedding and the keyword terms.
 */
export function compoundParts(text: string): string {
  const compounds = new Set<string>();
  let end = 0;
  for (const join of text.matchAll(JOIN)) {
    if (join.index < end) continue; // a later join of the word just taken
    let start = join.index;
    while (start > 0 && isWordChar(text.charCodeAt(start - 1))) start--;
    end = join.index + join[0].length;
    while (end < text.length && isWordChar(text.charCodeAt(end))) end++;
    compounds.add(text.slice(start, end));
  }
  return [...compounds]
    .map((word) => word.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/([A-Z])([A-Z][a-z]{2})/g, '$1 $2'))
    .join(' ');
}

/** Fewest letters each word of a {@link joinedWords} split has. */
const JOINED_PART = 3;

/** A lower-case word of a name long enough to be two words of {@link JOINED_PART} letters. */
const JOINABLE = new RegExp(`\\b[a-z]{${2 * JOINED_PART},}\\b`, 'g');

/**
 * The words of a name's run-together lower-case words (a command's `listremotes`, a setting's
 * `appendonly`), space-separated: a word of the name that the passage does not write itself, but
 * that is two words the passage writes, each of {@link JOINED_PART} letters or more, is given as
 * those two ("rclone listremotes" over "List all the remotes…": `list remotes`). A reader asks
 * with the words, not the name; the passage's own words vouch for the split, so no dictionary is
 * needed and a name is not cut where the page does not say its parts.
 */
export function joinedWords(name: string, text: string): string {
  const joined = name.match(JOINABLE);
  if (!joined) return '';
  const written = wordsWritten(text);
  const out: string[] = [];
  for (const word of new Set(joined)) {
    if (written.has(word)) continue;
    for (let at = JOINED_PART; at <= word.length - JOINED_PART; at++) {
      if (!written.has(word.slice(0, at)) || !written.has(word.slice(at))) continue;
      out.push(word.slice(0, at), word.slice(at));
      break;
    }
  }
  return out.join(' ');
}

/**
 * Particles a setting's or command's name runs together with the word before them: `replicaof`,
 * `checkout`, `addon`, `cutoff`.
 */
const RUN_TOGETHER_PARTICLES = new Set(['of', 'on', 'in', 'up', 'out', 'off']);

/**
 * The run-together spelling of each word of a question and the particle after it (see
 * {@link RUN_TOGETHER_PARTICLES}), space-separated: "a replica of another server" gives
 * `replicaof`, the setting docs write (`replicaof 10.0.0.1 6379`), which neither of the two words
 * finds among the many passages about replicas. The other side of {@link joinedWords}, which
 * splits a heading's names where its passage writes their parts; a setting in code has none.
 * Only with a particle, and not a phrasal verb's (see {@link joinPhrasal}): any two words run
 * together ("error page", "command-line") matched identifiers (`errorPage`) and rare spellings
 * about something else, and "set up" as `setup` and "back up" as `backup` found passages about
 * other things; each lost answers on the dev halves (docs/benchmarks.md, "Issue 35, 2026-12-05,
 * fifth stop").
 */
export function runTogetherSpellings(text: string): string {
  const list = text.toLowerCase().match(/[a-z]+/g) ?? [];
  const out = new Set<string>();
  list.forEach((word, i) => {
    const next = list[i + 1];
    if (!next || word.length < JOINED_PART || !RUN_TOGETHER_PARTICLES.has(next)) return;
    // A phrasal verb is the task, not a name: "back up" a remote is no `--backup-dir`.
    if (!PHRASAL_PARTICLES.get(word)?.has(next)) out.add(word + next);
  });
  return [...out].join(' ');
}

/** The text {@link wordsWritten} last read, and its words. */
let lastWritten: { text: string; words: Set<string> } | null = null;

/**
 * The lower-case ASCII words of a text, as a set. The last text's set is kept: a chunk's search
 * text asks {@link joinedWords} twice over the same passage (for its heading path and its own
 * heading), and building the set made it the costliest function of the worker's own JavaScript
 * (2.7 s of 26 s at 100,000 chunks; docs/benchmarks.md, "Issue 43, 2026-12-01, second session").
 */
function wordsWritten(text: string): Set<string> {
  if (lastWritten?.text !== text) lastWritten = { text, words: new Set(text.toLowerCase().match(/[a-z]+/g)) };
  return lastWritten.words;
}

/**
 * The names of the symbols a value is written with where docs give it as a symbol: `~` and `^`
 * (a version range's operators), `*` (a wildcard), `|` and `\\`. A visitor asks to save versions
 * "with a tilde instead of a caret" where the docs write **'~'** and `^1.2.3`.
 */
const SYMBOL_NAMES: Readonly<Record<string, string>> = {
  '~': 'tilde',
  '^': 'caret',
  '*': 'asterisk wildcard',
  '|': 'pipe',
  '\\': 'backslash',
};

/**
 * A symbol of {@link SYMBOL_NAMES} written as a value: alone between quotes or backticks (`'~'`,
 * `` `*` ``), or before a version's digit (`^1.2.3`, `~> 2.0`). Not a symbol inside code or prose
 * (`a|b`, `2^10`, a Markdown table's pipes), whose name nobody asks for.
 */
const SYMBOL_VALUE = /(?<=['"`])([~^*|\\])(?=['"`])|(?<![\w^~])([~^])(?=>?\s?\d)/g;

/** Any of the symbols of {@link SYMBOL_NAMES}. */
const ANY_SYMBOL = /[~^*|\\]/;

/**
 * The names of the symbols a text gives as values ({@link SYMBOL_VALUE}), space-separated, each
 * once: "tilde" for `'~'`, "caret" for `^1.2.3`; and "pipe" for a shell line that pipes one
 * command into another (see {@link pipesCommands}).
 */
export function symbolNames(text: string): string {
  // Most texts hold none of the symbols: one plain scan spares them the pattern's lookarounds.
  if (!ANY_SYMBOL.test(text)) return '';
  const names = new Set<string>();
  for (const m of text.matchAll(SYMBOL_VALUE)) names.add(SYMBOL_NAMES[m[1] ?? m[2]!]!);
  if (pipesCommands(text)) names.add(SYMBOL_NAMES['|']!);
  return [...names].join(' ');
}

/**
 * A shell line's pipe: a command, perhaps with arguments, `|` between spaces, then the next
 * command's name (`echo "hi" | rclone rcat remote:file`, `curl -fsSL …/install.sh | sh -`). Not
 * where brackets, braces or a code span come before it (a type `(int | str)`, `Promise<a | b>`,
 * a template's `{{ x | y }}`), nor before a quoted value (`'a' | 'b'`).
 */
const SHELL_PIPE = /^\s*(?:\$\s+)?[a-z][\w.-]*(?:\s[^|`()<>{}[\]]*)?\s\|\s+[a-z][\w.-]*(?:\s|$)/;

/** A line that opens or closes a fenced code block. */
const FENCE = /^\s*(?:```|~~~)/;

/**
 * Whether a text pipes one command into another ({@link SHELL_PIPE}) on a line of a fenced code
 * block or after a `$ ` prompt: what a visitor asks for as "piping" a program's output into a
 * command, where the docs show the command reading standard input.
 */
function pipesCommands(text: string): boolean {
  if (!text.includes(' | ')) return false;
  let fenced = false;
  for (const line of text.split('\n')) {
    if (FENCE.test(line)) fenced = !fenced;
    else if ((fenced || /^\s*\$\s/.test(line)) && SHELL_PIPE.test(line)) return true;
  }
  return false;
}

/**
 * Verbs with a particle that docs write both as two words and as one (`set up` and `setup`, `sign
 * in` and `signin`, `back up` and `backup`): the one-word form is the noun or the spelling of a
 * command, a page or a setting ("Setup", `rclone backup`), the two-word form the task a visitor
 * asks for ("How do I set up a remote?"), or the other way round. Not `log in` and the like, whose
 * two words are as often a noun and a preposition ("the access log in JSON").
 */
const PHRASAL_VERBS = [
  'set up',
  'sign in',
  'sign up',
  'sign out',
  'back up',
  'clean up',
  'shut down',
  'start up',
  'roll back',
  'look up',
  'tear down',
];

/** A verb's forms that a phrasal verb is written with: "sets up", "setting up", "signed in". */
function verbForms(verb: string): string[] {
  const doubled = verb + verb.at(-1);
  return [verb, `${verb}s`, `${verb}ed`, `${verb}ing`, `${doubled}ed`, `${doubled}ing`];
}

/** Each form of a verb of {@link PHRASAL_VERBS}: its particles, each with its one-word spelling. */
const PHRASAL_PARTICLES = new Map<string, Map<string, string>>();
for (const phrase of PHRASAL_VERBS) {
  const [verb, particle] = phrase.split(' ') as [string, string];
  for (const form of verbForms(verb)) {
    const particles = PHRASAL_PARTICLES.get(form) ?? new Map<string, string>();
    PHRASAL_PARTICLES.set(form, particles.set(particle, verb + particle));
  }
}

/**
 * {@link words} with each phrasal verb of {@link PHRASAL_VERBS} written in two, in any form of its
 * verb (`setting`, `up`), made its one-word spelling (`setup`), as docs also write it: "set up a
 * remote" then finds "Setting up" and "setup", and its "up" is not the one of "Backing up".
 */
export function joinPhrasal(list: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < list.length; i++) {
    const joined = PHRASAL_PARTICLES.get(list[i]!)?.get(list[i + 1] ?? '');
    out.push(joined ?? list[i]!);
    if (joined) i++;
  }
  return out;
}

/** The two words of each one-word spelling of {@link PHRASAL_VERBS}: `setup`, `set up`. */
const PHRASAL_SPLIT = new Map(PHRASAL_VERBS.map((phrase) => [phrase.replace(' ', ''), phrase]));

/**
 * The other spelling of each phrasal verb of {@link PHRASAL_VERBS} a text writes, space-separated,
 * each once: `setup` for "set up" or "setting up", `set up` for "setup".
 */
export function phrasalSpellings(text: string): string {
  const list = words(text);
  const out = new Set<string>();
  list.forEach((word, i) => {
    const joined = PHRASAL_PARTICLES.get(word)?.get(list[i + 1] ?? '');
    if (joined) out.add(joined);
    const split = PHRASAL_SPLIT.get(word);
    if (split) out.add(split);
  });
  return [...out].join(' ');
}

/** A noun of a verb in "-ify" ("modification", "Verifications"): the verb's letters before "y". */
const IFICATION = /\b(\p{L}{2,}if)ications?\b/giu;

/**
 * The verb of each noun a text writes in "-ification", space-separated, each once: "modify" for
 * "modification time", "verify" for "verification". A reader asks for the "last modified" date or
 * to "verify" a file where docs write the noun, and the index's Snowball stemmer leaves the two
 * apart (`modifi` of "modify", "modified" and "modifies"; `modif` of "modification"), where it
 * joins "configuration", "deletion", "installation" and "authentication" with their verbs. The
 * verbs of "-ption", "-usion", "-ution" and "-sion" nouns ("describe" for "description") were
 * tried too and moved passages out of the first six (docs/benchmarks.md, "h-mo").
 */
export function nounVerbs(text: string): string {
  if (!/ification/i.test(text)) return '';
  const verbs = new Set<string>();
  for (const [, root] of text.matchAll(IFICATION)) verbs.add(`${root!.toLowerCase()}y`);
  return [...verbs].join(' ');
}

/**
 * The words a reader writes for a text's names, beside the text: its compounds' words
 * ({@link compoundParts}) and its symbols' names ({@link symbolNames}).
 */
export function readerWords(text: string): string {
  return [compoundParts(text), symbolNames(text)].filter(Boolean).join(' ');
}

/**
 * Unix-style command names that CLI docs give commands and subcommands (`mkdir`, `pnpm ls`,
 * `git mv`), with the words of what they do, as a visitor asks for it: "create a new folder" for
 * `mkdir`'s "Make the path", "list" for `ls`. Only names that mean nothing else in docs: not `df`
 * (a data frame), `ln` (a logarithm), `du`, `cd` or `cat`, which are words or other things too.
 * "create" is `mkdir`'s "make" here alone: "make sure" is no "create". Read from titles and
 * headings only (a command page's `rclone mkdir`): a passage that runs `mkdir` in an example is
 * not about making folders, and the words given to every such passage lost answers
 * (docs/benchmarks.md, "h-ux").
 */
const COMMAND_WORDS: Readonly<Record<string, string>> = {
  mkdir: 'make create directory folder',
  rmdir: 'remove delete directory folder',
  ls: 'list',
  rm: 'remove delete',
  mv: 'move rename',
  cp: 'copy',
  chmod: 'change mode permission',
  chown: 'change owner',
};

/** A command name of {@link COMMAND_WORDS}, as a whole lower-case word. */
const COMMAND_NAME = new RegExp(`(?<![\\w-])(?:${Object.keys(COMMAND_WORDS).join('|')})(?![\\w-])`, 'g');

/**
 * The words of what the commands of {@link COMMAND_WORDS} a text names do, space-separated, each
 * command's once: "make create directory folder" for the heading `rclone mkdir`.
 */
export function commandWords(text: string): string {
  const names = new Set(text.match(COMMAND_NAME));
  return [...names].map((name) => COMMAND_WORDS[name]!).join(' ');
}

/** A whole number after a slash, captured (`/2` of `HTTP/2`). */
const SLASHED_NUMBER = String.raw`\/(\d+)`;

/**
 * A name written with a capital, then a version number with a dot (`TLS 1.2`, `Python 3.12`,
 * `HTTP/1.1`), or a whole number after a slash (`HTTP/2`, `HTTP/3`): not followed by more of the
 * number, so `3.12.1` is read whole.
 */
const NAMED_VERSION = namedVersion(String.raw`(?:[ /-]?v?(\d+(?:\.\d+)+)|${SLASHED_NUMBER})`);

/** {@link NAMED_VERSION}'s second form alone: a name, a slash and a whole number (`HTTP/2`). */
const SLASHED_VERSION = namedVersion(SLASHED_NUMBER);

/** A name written with a capital, then `number` (a pattern), not followed by more of a number. */
function namedVersion(number: string): RegExp {
  return new RegExp(String.raw`\b(\p{Lu}\p{L}*)${number}(?!\.?\d)`, 'gu');
}

/** Whether a text may write a named version (see {@link NAMED_VERSION}): a dotted number or `/2`. */
const MAY_NAME_VERSION = /\d\.\d|\/\d/;

/**
 * The one-word spelling of each named version a text writes (`TLS12` for "TLS 1.2"),
 * space-separated: docs' identifiers write a version glued to its name without the dot
 * (`minVersion: VersionTLS12`, `http11`), which a reader's "TLS 1.2" matches in no word of it.
 */
export function versionSpellings(text: string): string {
  if (!MAY_NAME_VERSION.test(text)) return '';
  return [...text.matchAll(NAMED_VERSION)]
    .map(([, name, dotted, whole]) => name! + (dotted ?? whole)!.replace(/\./g, ''))
    .join(' ');
}

/**
 * A text with each named version (see {@link versionSpellings}) written as its name and its
 * one-word spelling (`TLS 1.2` → `TLS TLS12`): its number's parts are no words of their own, so a
 * question's "TLS 1.2" and a page's `VersionTLS12` share every word but the page's `Version`.
 */
export function joinVersions(text: string): string {
  if (!MAY_NAME_VERSION.test(text)) return text;
  return text.replace(
    NAMED_VERSION,
    (_, name: string, dotted: string | undefined, whole: string | undefined) =>
      `${name} ${name}${(dotted ?? whole)!.replace(/\./g, '')}`,
  );
}

/**
 * A text with each name written with a slash and a whole number (`HTTP/2`) as its name and its
 * one-word spelling (`HTTP HTTP2`), as {@link joinVersions} writes it, other versions left as
 * written: such a number names another thing than its name alone does (HTTP/2 is a protocol of
 * its own), which a dotted one beside a product's name ("Python 3.12") rarely does.
 */
export function joinSlashedVersions(text: string): string {
  if (!text.includes('/')) return text;
  return text.replace(SLASHED_VERSION, (_, name: string, whole: string) => `${name} ${name}${whole}`);
}

/** A light suffix stripper, so "tokens", "tokenized" and "token" share features. */
export function stem(word: string): string {
  if (word.length <= 4) return word;
  return word.replace(/(ations?|ings?|ers?|ies|ed|es|s|ly)$/, '') || word;
}

/** FNV-1a's 32-bit offset basis and prime: {@link fnv1a}, and the word scanners that hash as it does. */
export const FNV_OFFSET = 0x811c9dc5;
export const FNV_PRIME = 0x01000193;

/** 32-bit FNV-1a hash of a string's UTF-16 code units: a cheap, stable feature index. */
export function fnv1a(text: string): number {
  let hash = FNV_OFFSET;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, FNV_PRIME);
  }
  return hash >>> 0;
}
