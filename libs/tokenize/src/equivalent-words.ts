/**
 * Words that software documentation and the people who read it use for one thing: a visitor asks
 * to restrict a widget to their "domain" where the docs write its "origin", for a "password" where
 * they write "credential", to "ignore" what they "skip". Each group is a set of equivalents, with
 * why they are in general software-docs usage: no group names a product or is taken from one
 * site's questions. Kept compact on purpose: a word that means other things in other docs (a TV
 * remote's "key", which is no token; "min", as often minutes as a minimum) does more harm as an
 * equivalent than good, so a group holds words whose shared meaning is their common one. Single
 * words in base forms, each user stemming them its own way: "sign in", two words, is not "signin".
 */
const GROUPS: readonly (readonly string[])[] = [
  // Where a web page is served from: a browser's "origin", a DNS "domain", a server's "host".
  ['domain', 'origin', 'host', 'hostname'],
  ['website', 'site'],
  // Keeping something to a subset: docs "limit" what users ask to "restrict".
  ['restrict', 'limit', 'constrain'],
  // Proving who one is, and ending or starting an account's session, in the spellings as one word.
  ['login', 'signin', 'logon', 'authenticate'],
  ['logout', 'signout'],
  ['signup', 'register'],
  // What proves it: docs say "credential", "secret" or "passphrase" for what users call a password.
  ['password', 'passphrase', 'credential', 'secret'],
  ['permission', 'privilege'],
  // Taking something away: the task verbs of question-intent's `remove`, as words of a section.
  ['remove', 'delete', 'erase'],
  ['uninstall', 'remove'],
  // One thing under two names, by platform or by register (Windows' "folder", Unix's "directory").
  ['folder', 'directory'],
  // A computer's working memory, which visitors name by its abbreviation ("uses too much RAM").
  ['memory', 'ram'],
  ['program', 'application', 'app'],
  ['picture', 'image'],
  ['photo', 'picture'],
  ['sound', 'audio'],
  ['screen', 'display'],
  ['mail', 'email'],
  ['phone', 'smartphone', 'mobile'],
  ['wireless', 'wifi'],
  // What a user changes: settings pages, option tables and preferences list the same things.
  ['setting', 'option', 'preference'],
  ['quit', 'exit'],
  // Starting a program, a hook or a fixture: docs say what is "executed" that a visitor asks to "run".
  ['run', 'execute'],
  ['alert', 'notification'],
  // Moving content in or out, as a visitor words it and as a command does.
  // Making output from a source: a converter or build "generates" what a visitor asks it to "produce".
  ['generate', 'produce'],
  ['upload', 'import'],
  ['download', 'fetch'],
  ['rename', 'retitle'],
  ['hide', 'conceal'],
  ['address', 'url'],
  // Leaving something out: docs "skip" a test, a file or a step that users ask to "ignore".
  ['ignore', 'skip', 'exclude'],
  // Lists of what is let through or kept out, by the older names visitors still write and the
  // ones docs moved to ("IP allowlist", "denylist").
  ['allowlist', 'whitelist'],
  ['blocklist', 'blacklist', 'denylist'],
  // Taking a program's output or a screen as it is: docs "capture" what a visitor asks to "grab".
  ['capture', 'grab'],
  // Deleting all of something at once: a visitor "wipes" what docs "purge" or "erase".
  ['wipe', 'purge', 'erase'],
  // An upper bound as a visitor asks to put one ("cap the number of requests") and docs "limit" it.
  ['cap', 'limit'],
  // Things run at once: docs write "parallel" or "concurrent" for the same thing.
  ['concurrent', 'parallel', 'simultaneous'],
  // Making one of several: docs "merge" (lockfiles, branches, configs) or "concatenate" (files,
  // strings) what a visitor asks to "combine".
  ['combine', 'merge', 'concatenate'],
  // What a test puts in place of the real thing: docs "mock" or "stub" what a visitor asks to "fake".
  ['fake', 'mock', 'stub'],
  // A copy of something held twice, and the removing of such copies ("dedupe" a folder).
  ['duplicate', 'dedupe', 'deduplicate'],
  // The list of calls a failure prints: "backtrace" in some languages, "stack trace" in others.
  ['backtrace', 'traceback', 'stacktrace', 'trace'],
  // Making a response or a file smaller: gzip is the compression visitors name it by.
  ['gzip', 'compress', 'compression'],
  // A newer version of something installed: docs and visitors write either word.
  ['upgrade', 'update'],
  // Abbreviations docs write in settings, flags and paths (`lang=es`, `--dir`, `env`) for the
  // words a visitor writes out.
  ['language', 'lang'],
  ['directory', 'dir'],
  ['environment', 'env'],
  ['repository', 'repo'],
  ['authentication', 'auth'],
  ['authorization', 'authz'],
  ['administrator', 'admin'],
  ['database', 'db'],
  ['information', 'info'],
  ['parameter', 'param'],
  ['argument', 'arg'],
  ['temporary', 'temp', 'tmp'],
  ['message', 'msg'],
  ['library', 'lib'],
  ['package', 'pkg'],
  ['variable', 'var'],
  ['maximum', 'max'],
  // A lower bound as a visitor asks for it ("at least TLS 1.2") and as docs head its setting
  // ("Minimum TLS Version", `minVersion`).
  ['minimum', 'least'],
  // The verb and the noun a stemmer keeps apart: a visitor asks to "configure" a thing with what
  // the docs head "Configuration" or write as `config`.
  ['configuration', 'configure', 'config', 'conf'],
  // A part of a whole, as a visitor asks for "only a fraction" of something and as a setting of
  // a rate between 0 and 1 is described ("the proportion of requests to trace", "a ratio").
  ['fraction', 'proportion', 'ratio', 'percentage'],
];

/**
 * The equivalents of each word of the lexicon, as `normalise` makes words into terms (a stemmer;
 * null drops a word): the map from a term to the other terms of its groups. A term is never its
 * own equivalent.
 */
export function equivalentTerms(normalise: (word: string) => string | null): Map<string, string[]> {
  const out = new Map<string, Set<string>>();
  for (const group of GROUPS) {
    const terms = [...new Set(group.map(normalise).filter((t): t is string => !!t))];
    for (const term of terms) {
      const others = out.get(term) ?? new Set<string>();
      for (const other of terms) if (other !== term) others.add(other);
      out.set(term, others);
    }
  }
  return new Map([...out].map(([term, others]) => [term, [...others]]));
}
