import { isCodeLabel } from './command-unit';
import type { QuestionKind } from './question-kind';
import type { SectionPassage } from './section-passage';
import { termPairs } from './section-passage';

/**
 * The names of a how-do-I question that only say which kind of a thing it acts on: a name no
 * retrieved section holds, written right before two words that the best section's headings (its
 * page title included) write in a row ("ignore YAML front matter", the page "Skip Front Matter").
 * The task is about that thing, which the section covers whatever the kind the asker named, so
 * such a name does not make the question one the documents do not cover. A question of another
 * kind is about the name itself ("Does it support SAML single sign-on?": whether SAML is there),
 * and a name followed by fewer of the section's heading words ("an Antora playbook", "Microsoft
 * Teams") names the subject, not a kind of it.
 */
export function qualifierNames(
  /** The question's terms, in its order. */
  asked: string[],
  /** Its names that no retrieved section holds (see `unknownNames`). */
  unknown: string[],
  best: SectionPassage | undefined,
  kind: QuestionKind,
): Set<string> {
  if (kind !== 'how' || !best) return new Set();
  const pairs = termPairs(asked);
  return new Set(
    unknown.filter((name) =>
      asked.some((t, i) => t === name && pairs[i + 1] !== undefined && best.headingPairs.has(pairs[i + 1]!)),
    ),
  );
}

/**
 * The names of a question written right before a word that a retrieved section's code label
 * holds (`**Labels**:` above a tab's code, as MkDocs tab sets show it): "Docker labels" asks for
 * that tab, whose page need not write "Docker" (a per-router setting's page with Labels, TOML and
 * Kubernetes tabs), so such a name says which kind of the code is meant rather than what the
 * question is about. A run of names counts as one ("Docker Swarm labels"); a name followed by a
 * word no label holds ("Docker networks") is still what is asked.
 */
export function labelQualifiers(
  /** The question's terms, in its order. */
  asked: string[],
  names: Set<string>,
  passages: SectionPassage[],
): Set<string> {
  const labelled = new Set(
    passages.flatMap((p) => p.units.filter((_, i) => isCodeLabel(p.units, i)).flatMap((u) => [...u.terms])),
  );
  const out = new Set<string>();
  let run: string[] = [];
  for (const term of asked) {
    if (names.has(term)) {
      run.push(term);
      continue;
    }
    if (run.length && labelled.has(term)) run.forEach((t) => out.add(t));
    run = [];
  }
  return out;
}
