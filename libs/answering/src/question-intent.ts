import { joinedWords } from '@docqa/tokenize';
import type { SectionPassage } from './section-passage';
import { unitCode } from './command-unit';
import { terms, withoutStringLiterals } from './text';

/** The tasks docs most often have a section for, each written several ways (see {@link INTENT_WORDS}). */
type NamedIntent =
  | 'enable'
  | 'disable'
  | 'start'
  | 'stop'
  | 'install'
  | 'remove'
  | 'upgrade'
  | 'backup'
  | 'configure'
  | 'create';

/**
 * What a how-do-I question asks to do to its subject ("How do I turn on AOF persistence?":
 * `enable`), which decides between a section that does it and one that merely mentions the
 * subject: a named task, or `do:VERB`, the verb a how-do-I question opens with when it names none
 * of them ("How do I patch a dependency?": `do:patch`, a section headed `pnpm patch`).
 */
export type Intent = NamedIntent | `do:${string}`;

/** Verbs after "how do I" that say nothing of the task ("use", "get"; "be" of "Can the cache be cleared?"). */
const VAGUE_VERBS = new Set('be use get have do see know find fix make go let try tell'.split(' '));

/**
 * How each intent is written: its verbs (comma-separated) in their base form, then `/` and the form
 * a heading gives them ("Backing up AOF files"). Instructions use the base form ("turn on the AOF", "to enable
 * it"), while a section that merely mentions the subject says it "is enabled" or was "turned on".
 * A verb's object may stand between a phrasal verb's parts ("turn it on"). `values`: what a
 * setting that does it is set to, the whole value (`appendonly yes`, `WORKER_NICE=0`), quoted or
 * not, a list's comma after it.
 */
const INTENT_WORDS: { intent: NamedIntent; verbs: string; values?: RegExp }[] = [
  {
    intent: 'enable',
    verbs: 'enable/enabling, turn on/turning on, switch on/switching on, activate/activating',
    values: /^(["']?)(yes|true|on|enabled?|1)\1,?$/i,
  },
  {
    intent: 'disable',
    verbs: 'disable/disabling, turn off/turning off, switch off/switching off, deactivate/deactivating',
    values: /^(["']?)(no|false|off|disabled?|0)\1,?$/i,
  },
  { intent: 'install', verbs: 'install/installing, set up/setting up, setup/setup' },
  { intent: 'remove', verbs: 'remove/removing, delete/deleting, uninstall/uninstalling, purge/purging' },
  { intent: 'upgrade', verbs: 'upgrade/upgrading, update/updating, migrate/migrating' },
  { intent: 'backup', verbs: 'back up/backing up, backup/backups, restore/restoring' },
  { intent: 'start', verbs: 'start/starting, launch/launching, run/running' },
  { intent: 'stop', verbs: 'stop/stopping, shut down/shutting down, shutdown/shutdown, kill/killing' },
  { intent: 'create', verbs: 'create/creating, add/adding, make/making' },
  { intent: 'configure', verbs: 'configure/configuring, set/setting, change/changing, adjust/adjusting' },
];

/**
 * Determiners that open a noun phrase: the object between a phrasal verb's parts (see
 * {@link verbPattern}), and what the asked object may open with (`askedObject`).
 */
export const DETERMINERS = 'the a an this that these those my our your its their'.split(' ');

/**
 * A pattern of verbs written `turn on`, the verb's object allowed between the parts: a word ("turn
 * it on") or a determiner and a word ("turn the check off", "switch this warning on"), as a
 * phrasal verb's particle follows a short object.
 */
function verbPattern(verbs: string[]): RegExp {
  const between = `(?:(?:${DETERMINERS.join('|')}) \\S+ |\\S+ )?`;
  const phrases = verbs.map((v) => v.split(' ').join(` ${between}`));
  return new RegExp(`\\b(?:${phrases.join('|')})\\b`, 'i');
}

interface IntentSpec {
  intent: Intent;
  values?: RegExp;
  /** The base forms: what a question or an instruction writes. */
  verbs: RegExp;
  /** Base forms and those of headings. */
  headed: RegExp;
}

const INTENTS: IntentSpec[] = INTENT_WORDS.map(({ intent, verbs, values }) => {
  const pairs = verbs.split(', ').map((pair) => pair.split('/'));
  return {
    intent,
    values,
    verbs: verbPattern(pairs.map(([base]) => base!)),
    headed: verbPattern(pairs.flatMap(([base, heading]) => [base!, heading!])),
  };
});

/**
 * A question asking to keep a thing from happening: "stop the Kafka broker from creating topics",
 * "keep Prettier from reformatting…", "prevent … from …ing". It asks to disable what follows
 * "from", not to stop a running thing.
 */
const PREVENTED = /\b(?:stop|keep|prevent)\s+(?:\S+\s+){0,4}?from\s+\w+ing\b/i;

/**
 * The intent a question asks for (the first named one its wording names), or null. One that asks
 * to keep a thing from happening (see {@link PREVENTED}) asks to disable it: the section headed
 * "Disabling…" or setting its switch to `false` does it.
 */
export function questionIntent(question: string): Intent | null {
  if (PREVENTED.test(question)) return 'disable';
  const named = INTENTS.find(({ verbs }) => verbs.test(question))?.intent;
  if (named) return named;
  const verb = /^\s*how (?:do|can|should|would) (?:i|we|you)\s+([a-z]+)\b/i.exec(question)?.[1];
  return verb && !VAGUE_VERBS.has(verb.toLowerCase()) ? `do:${verb.toLowerCase()}` : null;
}

/**
 * The opening of a question that asks to do something, up to its verb: "How do I", "How can we",
 * "Can I", "Can docqa", "Could Traefik", "Is it possible to", "Is there a way to" (the subject of
 * a can-question one word, or an article and one word when a determiner follows the verb: "Can
 * the widget play a sound…?" asks to play, where "Can a finder function show extra info…?" is not
 * read, as its subject may be two words).
 */
export const ASKS_TO =
  /^\s*(?:how (?:do|can|should|would) (?:i|we|you)|(?:can|could) (?:(?:a|an|the|this|that|my|our|your) (?=[\p{L}\p{N}._-]+ \p{L}+ (?:a|an|the|this|that|these|those|my|our|your|its|their)\b))?(?!(?:a|an|the|this|that|my|our|your|it)\b)[\p{L}\p{N}][\p{L}\p{N}._-]*|is it possible to|is there a way to)\s+(\p{L}+)\b/iu;

/**
 * The verb a question asks to do something with, as written ("Can docqa translate answers…?":
 * "translate"), or null: none, or one that says nothing of the task ("use", "get").
 */
export function askedVerb(question: string): string | null {
  const verb = ASKS_TO.exec(question)?.[1]?.toLowerCase();
  return verb && !VAGUE_VERBS.has(verb) ? verb : null;
}

function specOf(intent: Intent): IntentSpec {
  const named = INTENTS.find((i) => i.intent === intent);
  if (named) return named;
  const verb = intent.slice('do:'.length);
  const base = verb.replace(/e$/, '');
  return { intent, verbs: verbPattern([verb]), headed: new RegExp(`\\b${base}(?:e|es|s|ed|ing)?\\b`, 'i') };
}

/** Named intents a heading names, each once. */
function headingIntents(text: string): Set<Intent> {
  return new Set(INTENTS.filter(({ headed }) => headed.test(text)).map(({ intent }) => intent));
}

/**
 * Whether a heading's intents name another task than `intent`: changing a setting (`configure`:
 * "How to change command line options defaults") is how many tasks are done, so it alone names
 * none; and adding a thing (`create`) is how one is set ("Add a Favicon" for "How do I set the
 * little icon that shows in the browser tab?").
 */
function otherTask(intents: Set<Intent>, intent: Intent): boolean {
  return [...intents].some((i) => i !== 'configure' && !(intent === 'configure' && i === 'create'));
}

/** What a section's own heading naming the intent adds to its score, as a share. */
const HEADING_DOES = 0.15;
/** What an instruction in its prose naming the intent adds ("You can turn on the AOF:"). */
const PROSE_DOES = 0.1;
/** What a command or setting that does it adds (`appendonly yes`, `sentinel start`). */
const CODE_DOES = 0.1;
/** Factor of a section whose own heading names another intent and not this one ("Backing up AOF"). */
const OTHER_INTENT = 0.75;

/**
 * How much a section does what the question asks, as a factor of its score (1 when the question
 * names no intent): its own heading (or page title) names the intent, an instruction in its text names it, a
 * command or setting of it does it; a heading naming another intent only ("Backing up AOF files"
 * for "turn on AOF") says the section is about something else done to the same subject.
 */
export function intentFit(passage: SectionPassage, intent: Intent | null): number {
  if (!intent) return 1;
  const does = doneBy(passage, intent);
  let fit = 1;
  if (does.heading) fit += HEADING_DOES;
  else if (!intent.startsWith('do:') && otherTask(headingIntents(ownHeading(passage)), intent))
    fit *= OTHER_INTENT;
  if (does.prose) fit += PROSE_DOES;
  if (does.code) fit += CODE_DOES;
  return fit;
}

/**
 * A flag in a heading (`--fast-list`, `-r`): the option's name, whose words say what it is
 * about, not that the section does it ("How do I list the remotes?" is not done by `--fast-list`).
 */
const FLAG = /(?<![\w-])--?[a-z][\w-]*/gi;

/** Where a section does an intent: its heading names it, its prose says it, its code does it. */
function doneBy(
  passage: SectionPassage,
  intent: Intent,
): { heading: boolean; prose: boolean; code: boolean } {
  const spec = specOf(intent);
  return {
    heading: spec.headed.test(ownHeading(passage).replace(FLAG, '')),
    prose: passage.units.some((u) => u.kind !== 'code' && spec.verbs.test(u.text)),
    code: passage.units.some((u) => unitCode(u).some((code) => doesInCode(code, spec))),
  };
}

/** Whether a section does an intent (see {@link intentFit}): in its heading, prose or code. */
export function doesIntent(passage: SectionPassage, intent: Intent): boolean {
  const does = doneBy(passage, intent);
  return does.heading || does.prose || does.code;
}

/** The intents that switch a thing on or off. */
const TOGGLES: ReadonlySet<Intent> = new Set(['enable', 'disable']);

/** Whether an intent switches a thing on or off (`enable`, `disable`). */
export function isToggle(intent: Intent | null): intent is Intent {
  return !!intent && TOGGLES.has(intent);
}

/** A question asking to switch a thing on or off: its intent and the words of its verb. */
export interface AskedToggle {
  intent: Intent;
  /** The words of the verb as the question writes it, as terms ("turn it off": `turn`, `off`). */
  verbs: string[];
}

/**
 * The switch a question asks to turn on or off (`enable` or `disable`, see {@link questionIntent}),
 * with the terms of its verb as written; null for any other question.
 */
export function askedToggle(question: string): AskedToggle | null {
  // Keeping a thing from happening may take a switch or another way (a fixture that blocks HTTP
  // requests, a marker file): such a question ranks by its intent, but a section need not flip a
  // switch to answer it (read as a switch, it declined "How do I stop my tests from sending real
  // HTTP requests?").
  if (PREVENTED.test(question)) return null;
  const intent = questionIntent(question);
  if (!isToggle(intent)) return null;
  const written = specOf(intent).verbs.exec(question)?.[0]?.split(/\s+/);
  // The verb's own words, its first and last: an object written between them ("turn the check
  // off") is what is switched, not how.
  return written ? { intent, verbs: [...new Set(terms(`${written[0]} ${written.at(-1)}`))] } : null;
}

/** Whether a code block does an intent: names its verb, or sets a setting to its value. */
function doesInCode(code: string, spec: IntentSpec): boolean {
  // A command does it; a string of example code (`ask('How do I embed…')`) does not.
  if (spec.verbs.test(withoutStringLiterals(code))) return true;
  const values = spec.values;
  return !!values && code.split('\n').some((line) => isSetting(line) && values.test(settingValue(line)));
}

/**
 * Whether a setting's value (`yes`, `false`, `0`; the setting's name taken off) switches a thing
 * as the intent asks: what a section that does an enable or disable question sets.
 */
export function switchesAs(intent: Intent, value: string): boolean {
  return !!specOf(intent).values?.test(value.trim());
}

/** A configuration line: `name value`, `name = value`, `NAME=value` or `name: value`. */
function isSetting(line: string): boolean {
  return /^\s*[\w.-]+\s*(=|:|\s)\s*\S+\s*$/.test(line.replace(/^```\w*|```$/g, ''));
}

function settingValue(line: string): string {
  return line.trim().replace(/^[\w.-]+\s*[=:]?\s*/, '');
}

/**
 * A guide's name for how to begin ("Quick start"): the page or section that introduces a product,
 * often by installing it, not one that starts a thing. Read as one word, it names no task: it
 * had lowered docsify's "Quick start", which installs `docsify-cli`, as starting something else.
 */
const QUICK_START = /\bquick[ -]start\b/gi;

/**
 * A section's own heading: the last of its path, or the document title when it has none; with
 * the words of its names of run-together words (see `joinedWords`: `rclone listremotes` lists).
 */
function ownHeading(passage: SectionPassage): string {
  const own = (passage.section.split(' › ').at(-1) || passage.chunk.title).replace(QUICK_START, 'quickstart');
  const joined = joinedWords(own, passage.units.map((u) => u.text).join('\n'));
  return joined ? `${own} ${joined}` : own;
}
