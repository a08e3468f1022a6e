/**
 * Words a question's wording implies where it does not write them: the one word docs name a thing
 * by ("itself": `self`, "out of date": `outdated`), asked beside or in place of the wording.
 */

/**
 * "Without" before a thing ("without the interactive config"), the wording of "non": docs name the
 * switch that leaves a thing out so (`--non-interactive`), "non" a term of its own beside the
 * thing's, which stays asked. Not before a verb's "-ing" form, an action not done ("without
 * securing it", asked as "non", lost a guide's answer writing "without authentication").
 */
const WITHOUT_THING = /\bwithout(?= (?:(?:an?|any|the) )?(?![a-z]+ing\b)[a-z])/i;

/**
 * A local network in words ("my home network", "other devices on my network"): the "LAN" docs name
 * it by (Vite's `server.host`: "listen on all addresses, including LAN and public addresses").
 */
const LOCAL_NETWORK =
  /\b(?:local|home|office) (?:area )?network\b|\b(?:devices|machines|computers|phones?) on (?:my|our|the|your|a) (?:local )?network\b/i;

/**
 * Wordings of a question whose thing docs name with one word the question does not write: a
 * reflexive pronoun after a thing ("upgrade pnpm itself", "a certificate that signs itself"), a
 * stop word to search, is the "self" of `pnpm self-update` or a self-signed certificate; working
 * "without network access", "without an internet connection" or with "no internet connection" is
 * working "offline". Common English idioms for a thing docs name in one word: what is "out of
 * date", or "has newer versions" or "updates available", is "outdated" (`pnpm outdated`), to "get
 * rid of" is to "remove", things done "at the same time" or "at once" run in "parallel", what
 * "takes the longest" is the "slowest" (`--durations`' "slowest durations"), a request given time
 * "before pnpm gives up" has a "timeout" (`fetchTimeout`), "server-side rendering" is "SSR" and a
 * "single-page app" an "SPA" (Nuxt's `ssr: false` builds one), and doing a thing "without really
 * doing it" is a "dry" run (`--dry-run`). What is done "without" a thing is its "non-" form (see
 * {@link WITHOUT_THING}). A "command-line tool" (interface, client, program, utility) is the
 * product's "CLI", which docs name its package by (`docsify-cli`, `@continuedev/cli`); a local
 * network is the "LAN" (see {@link LOCAL_NETWORK}).
 */
const IMPLIED_WORDS: readonly (readonly [RegExp, string])[] = [
  [/\b(?:itself|themselves)\b/i, 'self'],
  [
    /\bwithout (?:an? |any )?(?:network|internet|connection)\b|\bno (?:internet|network) (?:connection|access)\b/i,
    'offline',
  ],
  [
    /\bout of date\b|\b(?:have|has|with) (?:a )?(?:newer (?:versions?|releases?)|updates? available)\b/i,
    'outdated',
  ],
  [/\bgives? up\b|\bgiving up\b/i, 'timeout'],
  [/\bserver[- ]side render(?:ing|ed)?\b/i, 'ssr'],
  [/\bsingle[- ]page app(?:lication)?s?\b/i, 'spa'],
  [/\bwithout (?:really|actually) [a-z]+ing\b/i, 'dry'],
  [/\bget rid of\b/i, 'remove'],
  [/\bat the same time\b|\bat once\b/i, 'parallel'],
  [/\btakes? (?:the )?longest\b/i, 'slowest'],
  [WITHOUT_THING, 'non'],
  [/\bcommand[- ]line (?:tool|interface|client|program|utility)\b/i, 'cli'],
  [LOCAL_NETWORK, 'lan'],
];

/**
 * A verb followed by "again", right after it ("try again") or after its object, a pronoun or a
 * determiner and at most one word ("run it again", "try the request again"): English writes doing
 * a thing again with the prefix "re-", and docs name the setting or command so (`--retries`,
 * "restart", "resync"), where a visitor writes the words apart. A verb of two letters ("do it
 * again") gives none.
 */
const AGAIN = /\b(\p{L}{3,})(?: (?:it|them|that|this|the|my|our|a|an)(?: \p{L}+)?)? again\b/giu;

/** Verbs whose "re-" word is another word: "turn it off again" is no `return`, "move it again" no `remove`. */
const OTHER_RE_WORD = new Set(
  'turn move place solve sign serve present source view search port cover mark call form'.split(' '),
);

/**
 * The words of {@link IMPLIED_WORDS} and the "re-" word of each verb {@link AGAIN} finds ("try
 * again": `retry`, lower-case: a word the docs do not write matches nothing, so no verb list is
 * needed) a text's wording implies,
 * space-separated, each once.
 */
export function impliedWords(text: string): string {
  return [...new Set(impliedWordings(text).map((w) => w.word))].join(' ');
}

/**
 * Each word a text's wording implies (see {@link impliedWords}) with the words of the text that
 * imply it ("without an internet connection": "without an internet"; "try the request again":
 * "try again", the object being a word of its own), in the text's order of rules.
 */
export function impliedWordings(text: string): { word: string; wording: string }[] {
  const out: { word: string; wording: string }[] = [];
  for (const [pattern, word] of IMPLIED_WORDS) {
    const found = pattern.exec(text);
    if (found) for (const one of word.split(' ')) out.push({ word: one, wording: found[0] });
  }
  for (const [, verb] of text.matchAll(AGAIN))
    if (!OTHER_RE_WORD.has(verb!.toLowerCase()))
      out.push({ word: `re${verb!.toLowerCase()}`, wording: `${verb} again` });
  return out;
}
