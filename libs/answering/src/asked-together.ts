import { impliedWordings } from '@docqa/tokenize';
import { askedForm } from './asked-object';
import { askedThing } from './never-written';
import { covers, MIN_SCORE } from './not-covered';
import { MIN_COVERAGE, PHRASING, type ScoredSection } from './passage-choice';
import type { SectionPassage } from './section-passage';
import { terms } from './text';

/**
 * Whether the sections that would answer a how-do-I hold the thing it asks to act on only without
 * what says which it is: the thing named in two words or more (see `askedThing`: "the _widget_
 * sound", "_math_ equations") or in a form named after "as" (see `askedForm`: "a chat as _PDF_"),
 * a section that reaches the coverage and score bars holds its last word, and none that does
 * holds it with each of the others the retrieved sections write. A section that holds "sound" but
 * never "widget" is about another sound (a TV manual's, quoted as an example in a page about
 * answering), one that holds "chat" but never "PDF" exports chats in other forms: the docs do not
 * do the task to that thing. A section that lacks the last word is not judged: it may name the
 * thing otherwise ("formulas" for "equations"), as may the docs for a word no retrieved section
 * writes (see `neverWritten` for those).
 */
export function heldApart(question: string, ranked: ScoredSection[]): boolean {
  const thing = askedThing(inDocsWords(question, ranked));
  const form = askedForm(question).flatMap((name) => terms(name));
  if (!thing.length || thing.length + form.length < 2) return false;
  const written = (t: string) => ranked.some((r) => covers(r.passage, t));
  const named = ranked
    .filter((s) => s.coverage >= MIN_COVERAGE && s.score >= MIN_SCORE)
    .map((s) => ({ passage: s.passage, words: [...thingTerms(thing, s.passage), ...form] }))
    .filter(({ passage, words }) => words.length > 1 && covers(passage, words.at(-1 - form.length)!));
  return (
    named.length > 0 &&
    !named.some(({ passage, words }) => words.filter(written).every((t) => covers(passage, t)))
  );
}

/**
 * A question with each wording that implies a word a section holds (see `impliedWordings`: "the
 * docsify command line tool" where a section writes `docsify-cli`) written as that word: the thing
 * is named so in the docs, and its words apart ("command", "line", "tool") are held together
 * nowhere.
 */
function inDocsWords(question: string, ranked: ScoredSection[]): string {
  let out = question;
  for (const { word, wording } of impliedWordings(question)) {
    const [term] = terms(word);
    if (term && ranked.some((r) => covers(r.passage, term))) out = out.replace(wording, word);
  }
  return out;
}

/**
 * The terms of the thing's words, two in a row as one where the section writes them run together
 * (see `joinedWords`: "work tree" of docs that write `worktree`); phrasing words left out.
 */
function thingTerms(words: string[], passage: SectionPassage): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const joined = words[i + 1] && terms(`${words[i]}${words[i + 1]}`)[0];
    if (joined && covers(passage, joined)) {
      out.push(joined);
      i++;
    } else out.push(...terms(words[i]!).filter((t) => !PHRASING.has(t)));
  }
  return out;
}
