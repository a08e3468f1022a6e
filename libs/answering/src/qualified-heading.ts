import { isPartOf, type SectionPassage } from './section-passage';
import { documentTerms } from './text';

/** A ranked section, as far as {@link qualifiedShare} reads it. */
interface Ranked {
  passage: SectionPassage;
  coverage: number;
}

/**
 * Whether a section's own heading is another retrieved section's plus words the question does not
 * ask, the other's own heading being only words it asks: "Create a new project with Tailwind" and
 * "… with Markdoc" beside getting started's "Create a new project", for "How do I create a new
 * Starlight project?". The longer heading is the task done one particular way, the plain one the
 * task asked. A section under the plain one (a page's "XFail › `strict` parameter" under
 * "XFail") is a part of it, not another way, and keeps its score.
 */
function isQualifiedTwin(section: Ranked, all: Ranked[], asked: ReadonlyMap<string, number>): boolean {
  const own = section.passage.sectionTerms;
  return all.some(({ passage, coverage }) => {
    const plain = passage.sectionTerms;
    return (
      !isPartOf(section.passage, passage) &&
      plain.size > 1 &&
      plain.size < own.size &&
      coverage >= section.coverage &&
      [...plain].every((t) => own.has(t) && asked.has(t)) &&
      [...own].every((t) => plain.has(t) || !asked.has(t))
    );
  });
}

/**
 * Share of its score a section keeps when its own heading is another retrieved one's task done
 * one particular way (see {@link isQualifiedTwin}); 1 otherwise. At 0.85 the plain heading goes
 * first when retrieval ranked the longer one just above it.
 */
export function qualifiedShare(section: Ranked, all: Ranked[], asked: ReadonlyMap<string, number>): number {
  return isQualifiedTwin(section, all, asked) ? QUALIFIED_SHARE : 1;
}

const QUALIFIED_SHARE = 0.85;

/**
 * Whether a section of the chosen one's page is headed, at the chosen one's level under the same
 * headings, as the same task done another way than asked: the two headings share two words or
 * more, some asked, and half the other's at least; the chosen one's own words hold one the
 * question asks, the other's none. "Enabling JMX in Docker" beside "Enabling JMX in local
 * installations", for "How do I enable JMX for Kafka Connect in a local installation?": the
 * Docker part's `docker run … -e JMXPORT=9011` is not the command of a local installation, whose
 * own subsection lists `JMX_PORT`.
 */
export function doesAnotherWay(
  other: SectionPassage,
  chosen: SectionPassage,
  asked: ReadonlyMap<string, number>,
): boolean {
  const path = chosen.section.split(' › ');
  const level = path.length - 1;
  const otherPath = other.section.split(' › ');
  if (other.doc !== chosen.doc || otherPath.length <= level) return false;
  if (otherPath.slice(0, level).some((heading, i) => heading !== path[i])) return false;
  const mine = new Set(documentTerms(path[level]!));
  const its = new Set(documentTerms(otherPath[level]!));
  const shared = [...its].filter((t) => mine.has(t));
  const own = [...mine].filter((t) => !its.has(t));
  const theirs = [...its].filter((t) => !mine.has(t));
  return (
    shared.length >= 2 &&
    2 * shared.length >= its.size &&
    shared.some((t) => asked.has(t)) &&
    own.some((t) => asked.has(t)) &&
    theirs.length > 0 &&
    theirs.every((t) => !asked.has(t))
  );
}
