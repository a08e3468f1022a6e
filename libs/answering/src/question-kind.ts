import { sentences } from './section-passage';
import { terms } from './text';

/**
 * What a question asks for, which decides the passage an answer quotes:
 * - `how`: steps or a command ("How do I create a token?"),
 * - `what`: a definition ("What is a widget token?"; not "What happens if…", which asks what a
 *   case leads to and is `other`),
 * - `which`: values, options or settings ("Which settings does docqa read?"),
 * - `trouble`: a cause and its fix ("Why does the widget answer 403?"),
 * - `other`: anything else.
 */
export type QuestionKind = 'how' | 'what' | 'which' | 'trouble' | 'other';

const TROUBLE =
  /\b(why|error|errors|fail|fails|failed|failing|broken|not working|doesn'?t|does not|don'?t|won'?t|cannot|can'?t|unable|wrong|stuck|missing|refused|denied|troubleshoot\w*|40[0-9]|429|50[0-9])\b/i;
const HOW =
  /^\s*(how\b|can i\b|what should i do\b|is there a way\b|steps?\b)|\b(how (do|can|to|should)|set ?up|install|configure|enable|create|add|run|embed|ingest)\b/i;
/** Plural nouns that ask for a list of things: "Which options…?", "What are the modes…?". */
export const LIST_NOUNS =
  'options|settings|values|variables|limits|defaults|scopes|modes|formats|events|fields|commands|flags';
const WHICH = new RegExp(
  `^\\s*(which|list)\\b|\\bwhat (are|is) the (\\w+ ){0,2}(${LIST_NOUNS})\\b|\\b(what|which) (\\w+ ){0,2}(${LIST_NOUNS})\\b`,
  'i',
);
/**
 * The words a question opens with when it is asked as a question (a question word or an
 * auxiliary, or "I", "we", "you"), not typed as into a search box.
 */
export const QUESTION_OPENER =
  'what|who|where|when|why|how|which|whose|can|could|do|does|did|is|are|was|were|should|will|would|may|might|must|has|have|had|i|we|you';
/**
 * A task asked without "how": "What is the best way to back up…?", "What's a good way to…?", "Is
 * there any way to…?", "Is there a command that…?", or stated as a wish, "I want to remove
 * duplicates without…", "I'd like to…" (not "I want to know…", which asks what something is), or
 * typed as into a search box, a subject, its verb in its base form and where or how ("pytest log
 * to file?", "docqa export to PDF?", opening with no question word or auxiliary): a terse question
 * that names an action asks how to do it. A verb in "-s" states what the subject does ("Build
 * crashes with out of memory?"): a symptom, not a task. Its answer is a command or steps, as a how-do-I's; read as a
 * what-question or as neither, it was answered by a definition or declined, or quoted from a
 * section's opening where the command that does it comes later ("pytest log to file?": the
 * `--log-file` paragraph of "Live Logs").
 */
const TASK_ASKED = [
  /^\s*what(?:'s| is| are) (?:the |a |an )?(?:\w+ ){0,2}(?:way|ways|method) (?:to|of)\b/i,
  /^\s*i(?:'d like| would like| want| need|'m trying| am trying) to (?!know\b|understand\b|learn\b)/i,
  /^\s*(?:is there |are there )?(?:a|an|any|some) (?:\w+ )?(?:ways?|commands?|option|flag|setting|tool) (?:to|that|for)\b/i,
  new RegExp(
    `^\\s*(?!(?:${QUESTION_OPENER})\\b)[\\w.-]+ (?:[a-z]*[a-rt-z]|[a-z]*ss) (?:to|on|from|into|in|with|without) [^?]*\\?\\s*$`,
    'i',
  ),
];
/**
 * Words that grade the way a task is done ("the best way to…", "the easiest way to…", see
 * {@link TASK_ASKED}): they phrase the question, and docs seldom write them beside the task. As
 * words few sections held, they weighed as much as the task's own, and the section that answers
 * fell under `MIN_COVERAGE`: the question was declined.
 */
export const WAY_GRADES = 'best easiest simplest quickest recommended preferred';
/**
 * Words that place the asker's case rather than name a thing the docs describe: somewhere else
 * ("…can I move them somewhere else?"), one particular or certain case ("only when it raises one
 * particular exception"), a state that goes on ("the run is still green"). Docs write the place,
 * the case or the state itself (`--basetemp`, `raises=`, a failing run); as words no retrieved
 * section held they weighed as much as the thing asked about each, and the section that answers
 * fell under `MIN_COVERAGE`.
 */
export const ASKERS_CASE = 'else somewhere anywhere particular certain still';
/** "What happens if…", "What if…": a case and its outcome, found anywhere in a section. */
const OUTCOME = /^\s*what (happens|will happen|would happen|if)\b/i;
const WHAT = /^\s*(what|who|where|when)\b|\b(what does|what is|what's|meaning of|explain|describe)\b/i;

/** The kind of a question, from its wording. */
export function questionKind(question: string): QuestionKind {
  if (TROUBLE.test(question)) return 'trouble';
  if (WHICH.test(question)) return 'which';
  if (TASK_ASKED.some((asked) => asked.test(question))) return 'how';
  if (/^\s*how\b/i.test(question) || (HOW.test(question) && !WHAT.test(question))) return 'how';
  if (WHAT.test(question) && !OUTCOME.test(question)) return 'what';
  return 'other';
}

/** "Can Traefik retry…?", "Can I have…?", "Is there a way to…?": a task asked as a yes-or-no question. */
const CAN = /^\s*(can|could|is it possible|is there a way)\b/i;

/** "How do I make pytest fail on…?": a task, though its words name a failure (kind `trouble`). */
const HOW_DO_I = /^\s*how (do|can|could|should) (i|we|you)\b|^\s*how to\b/i;

/**
 * Whether a question asks for a task to be done, whose answer is a command or setting: a how-do-I,
 * or a can-it question ("Can Traefik retry a request when the backend fails?", of kind `trouble`),
 * asked by any of its sentences: an asker often states their case first and asks after it, and "My
 * backend fails now and then. Can Traefik try the request again?" asks for the retry's setting as
 * its second sentence alone would.
 */
export function asksForTask(question: string, kind: QuestionKind = questionKind(question)): boolean {
  return kind === 'how' || sentences(question).some((s) => CAN.test(s) || HOW_DO_I.test(s));
}

/**
 * The plural noun a which-question asks a list of, right after "which" or "what are the" or one
 * word later ("Which options does the widget take?", "Which CSS variables style…?": `option`,
 * `variabl`), as a term; null for a question that asks for one thing ("Which version of it is
 * needed?") or names none.
 */
const LISTED = /^\s*(?:[Ww]hich|[Ww]hat are the)\s+(?:[A-Za-z][\w.-]*\s+)??([a-z][a-z-]*[a-rt-z]s)\b/;

/** The term of the list a which-question asks for (see {@link LISTED}), or null. */
export function askedList(question: string): string | null {
  const noun = LISTED.exec(question)?.[1];
  return (noun && terms(noun)[0]) ?? null;
}

/**
 * Whether a question asks where something is ("Where does rclone keep its config file?"): a
 * what-question (see {@link questionKind}) that a section answers where it names the place, not
 * in the definition at its start.
 */
export function asksWhere(question: string): boolean {
  return /^\s*where\b/i.test(question);
}

/**
 * Whether a question asks why (`Why are packages hard linked into a nested folder?`): its answer
 * is the reason the docs give, which a sentence of its own states ("This is needed to:").
 */
export function asksWhy(question: string): boolean {
  return /^\s*why\b/i.test(question);
}
