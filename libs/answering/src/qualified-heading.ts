import type { SectionPassage } from './section-passage';

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
    const above =
      passage.doc === section.passage.doc && section.passage.section.startsWith(`${passage.section} › `);
    return (
      !above &&
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
