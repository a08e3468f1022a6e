import type { SearchResult } from '@docqa/contracts';
import { filterFields, passesQuery, type Chunk, type Searcher } from '@docqa/retrieval';
import type { AnswerInput } from './answer-types';
import { doesOtherTask, PHRASING, weightOf, type ScoredSection, type TermWeights } from './passage-choice';
import { documentTerms } from './text';
import { sendingLinks } from './in-page-link';
import { pageKey } from './page-context';
import type { SectionPassage } from './section-passage';

/**
 * More passages of one document or a few for `query`: one hybrid search within them (the
 * question's filters and their `document_id`s), without the passages already retrieved. A docs
 * page often gives the command or setting of a task in a section of its own ("Configuration
 * Example", "Usage") that shares few of the question's words, while its introduction or option
 * table, which do, is what the first search found.
 */
export async function documentPassages(
  retriever: Searcher,
  input: AnswerInput,
  query: string,
  documentIds: string | string[],
  have: SearchResult[],
  limit: number,
): Promise<SearchResult[]> {
  const ids = [documentIds].flat();
  const { results } = await retriever.search({
    tenants: [input.tenant],
    query,
    mode: 'hybrid',
    filters: [
      ...input.filters,
      { type: 'eq', property: 'document_id', value: ids.length === 1 ? ids[0]! : ids },
    ],
    version: input.version,
    limit,
  });
  const seen = new Set(have.map((r) => r.chunk_id));
  return results.filter((r) => ids.includes(r.document_id) && !seen.has(r.chunk_id));
}

/** A fenced or indented code block in a passage's Markdown. */
export const CODE_BLOCK = /^(?:```|~~~| {4}\S)/m;
/** Inline code in a passage's Markdown: `` `--dry-run` ``, `` `regex` ``. */
export const INLINE_CODE = /`[^`\n]+`/;

/**
 * A page's leading example, read by its place in the page (the searcher's `documentChunks`), not
 * searched for: the chunks (`limit` at most, none among `have`) of the first section of the page
 * that holds a code block. A reference page shows its use first ("Configuration Examples" under
 * its introduction), in YAML, TOML or a shell line (`redirectRegex: regex: …`) that shares few
 * words with a how-do-I its prose answers, so no search for the question finds it, though it is
 * what the visitor came to copy. Only chunks the question's filters and version let it see; none
 * from a searcher that cannot read a page's chunks.
 */
export async function pageExample(
  retriever: Searcher,
  input: AnswerInput,
  documentId: string,
  have: SearchResult[],
  limit: number,
): Promise<SearchResult[]> {
  const visible = await visibleChunks(retriever, input, documentId);
  const lead = visible.find((c) => CODE_BLOCK.test(c.text));
  return lead ? sectionChunks(visible, lead.heading ?? '', have, limit) : [];
}

/**
 * Code of the best section's page for a how-do-I of whose retrieved passages none holds a code
 * block: the page's leading example (see {@link pageExample}). When that section does another
 * task to the question's subject than the one asked (see `doesOtherTask`: "Backing up AOF
 * persistence" for "turn on AOF"), the page is first searched for the question, as a section of
 * its own may do the task asked ("Append-only file": "You can turn on the AOF", `appendonly yes`)
 * after the example that leads it (`save 60 1000`); the example only when that search finds no code.
 */
export async function pageCode(
  retriever: Searcher,
  input: AnswerInput,
  query: string,
  first: ScoredSection,
  have: SearchResult[],
  limit: number,
): Promise<SearchResult[]> {
  const page = first.passage.chunk.document_id;
  const searched = doesOtherTask(first)
    ? await documentPassages(retriever, input, query, page, have, limit)
    : [];
  if (searched.some((r) => CODE_BLOCK.test(r.text))) return searched;
  return [...searched, ...(await pageExample(retriever, input, page, [...have, ...searched], limit))];
}

/**
 * The example of a page the best section sends the reader to by a link without an anchor (see
 * `sendingLinks`), read by its place: the chunks (`limit` at most, none among `have`) of the first
 * section holding a code block whose headings name the most of the question that the page's title
 * does not. A link to a page, not to a part of it, lands at its start, from where the reader goes
 * to the part about what was asked and copies its example (a guide's "See the [Access Logs
 * Documentation](…)." for "enable access logs": the reference "Traefik Logs Documentation"'s
 * "AccessLogs › Configuration Example", `accessLog: …`, past its "Logs" part), while retrieval may
 * rank another part of it first (its OpenTelemetry section). None when no heading names more of
 * the question than the title: the page as a whole is about what was asked, and the part retrieval
 * ranked first answers (a dashboard page's "Configuration Example", not its "Dashboard Router Rule").
 */
export async function sentExample(
  retriever: Searcher,
  input: AnswerInput,
  documentId: string,
  weights: TermWeights,
  have: SearchResult[],
  limit: number,
): Promise<SearchResult[]> {
  const visible = await visibleChunks(retriever, input, documentId);
  const named = (c: Chunk) => {
    const heading = new Set(documentTerms(c.heading ?? ''));
    const title = new Set(documentTerms(c.title ?? ''));
    return weightOf(weights, (t) => !PHRASING.has(t) && heading.has(t) && !title.has(t));
  };
  const coded = visible.filter((c) => CODE_BLOCK.test(c.text));
  const most = Math.max(0, ...coded.map(named));
  const lead = most > 0 ? coded.find((c) => named(c) >= most) : undefined;
  return lead ? sectionChunks(visible, lead.heading ?? '', have, limit) : [];
}

/**
 * The example (see {@link sentExample}) of the first page other than its own that the best
 * section sends the reader to by a link without an anchor (see `sendingLinks`), when retrieval
 * found a part of that page; none otherwise.
 */
export async function sentExamples(
  retriever: Searcher,
  input: AnswerInput,
  first: ScoredSection,
  weights: TermWeights,
  have: SearchResult[],
  limit: number,
): Promise<SearchResult[]> {
  const own = first.passage.chunk.document_id;
  for (const link of sendingLinks(first, weights).filter((l) => !l.includes('#'))) {
    const page = have.find((r) => r.url && pageKey(r.url) === pageKey(link) && r.document_id !== own);
    if (page) return sentExample(retriever, input, page.document_id, weights, have, limit);
  }
  return [];
}

/**
 * A section's chunks read by their place in its page (`limit` at most, none among `have`): a
 * long option's section (`--config string`, five chunks of a CLI reference) of which retrieval
 * found a later part, while what a what- or where-question asks may be in another. None from a
 * searcher that cannot read a page's chunks.
 */
export async function sectionByPlace(
  retriever: Searcher,
  input: AnswerInput,
  documentId: string,
  section: string,
  have: SearchResult[],
  limit: number,
): Promise<SearchResult[]> {
  return sectionChunks(await visibleChunks(retriever, input, documentId), section, have, limit);
}

/**
 * The first chunk of each section one heading below `section` in its page (its subsections), read
 * by their place, in page order; none from a searcher that cannot read a page's chunks.
 */
export async function subsectionsByPlace(
  retriever: Searcher,
  input: AnswerInput,
  documentId: string,
  section: string,
): Promise<SearchResult[]> {
  const below = `${section} › `;
  const seen = new Set<string>();
  return (await visibleChunks(retriever, input, documentId))
    .filter((c) => {
      const heading = c.heading ?? '';
      const child = heading.startsWith(below) && !heading.slice(below.length).includes(' › ');
      if (!child || seen.has(heading)) return false;
      seen.add(heading);
      return true;
    })
    .map(asResult);
}

/** A page's chunks in order that the question's filters and version let it see. */
async function visibleChunks(retriever: Searcher, input: AnswerInput, documentId: string): Promise<Chunk[]> {
  if (!retriever.documentChunks) return [];
  const query = { filters: input.filters, version: input.version };
  const chunks = await retriever.documentChunks(input.tenant, documentId);
  return chunks.filter((c) => passesQuery(filterFields(c), query));
}

/** The chunks of one section (its heading path) as passages, `limit` at most, none among `have`. */
function sectionChunks(
  chunks: Chunk[],
  section: string,
  have: SearchResult[],
  limit: number,
): SearchResult[] {
  const seen = new Set(have.map((r) => r.chunk_id));
  return chunks
    .filter((c) => (c.heading ?? '') === section && !seen.has(c.chunk_id))
    .slice(0, limit)
    .map(asResult);
}

/**
 * The chunks of the section above `passage`, read by their place (`limit` at most, none among
 * `have`), for a section whose code only runs code explained elsewhere (see `runsOnly`): a
 * tutorial runs the code it explains in a subsection of its own ("2. Adding finalizers directly ›
 * Note on finalizer order" shows `$ pytest -s test_finalizers.py` and what it prints), whose words
 * (a "finalizer" that "registers a function") rank it first, while the code a task asks for
 * (`request.addfinalizer(…)`) is the section above it, which shares fewer of them. None for a
 * section of no parent.
 */
export async function sectionAbove(
  retriever: Searcher,
  input: AnswerInput,
  passage: SectionPassage,
  have: SearchResult[],
  limit: number,
): Promise<SearchResult[]> {
  const parent = passage.section.split(' › ').slice(0, -1).join(' › ');
  if (!parent) return [];
  return sectionByPlace(retriever, input, passage.chunk.document_id, parent, have, limit);
}

/** Passages read by their place (see {@link pageExample}), not found by a search. */
const readByPlace = new WeakSet<SearchResult>();

/** Whether a passage was read by its place in its page rather than found by a search. */
export function isReadByPlace(result: SearchResult): boolean {
  return readByPlace.has(result);
}

/** A chunk read by its place as a search would return it (no score: it was not ranked). */
function asResult(chunk: Chunk): SearchResult {
  const { document_id, chunk_id, title, url, heading, text, metadata } = chunk;
  const result = {
    document_id,
    chunk_id,
    title,
    url,
    ...(heading && { section: heading }),
    text,
    score: 0,
    metadata,
  };
  readByPlace.add(result);
  return result;
}

/**
 * Whether a section's headings name every word of the question that is not only its phrasing, its
 * own heading some of them ("The offline answerer (default)" for "What is the offline answerer?",
 * "The chat widget › Options" for "Which options does the widget take?"): the section is what was
 * asked, and its opening, which retrieval may have missed, defines it or lists its values.
 */
export function headedBy(passage: SectionPassage, weights: TermWeights): boolean {
  const asked = [...weights.keys()].filter((t) => !PHRASING.has(t));
  return asked.some((t) => passage.sectionTerms.has(t)) && asked.every((t) => passage.headingTerms.has(t));
}

/**
 * The best section with the chunks of it that the search of its page found (see
 * `pagePassages` of the extractive answerer): the part of the section retrieval missed often holds what it is about (its
 * opening definition, its list, the example its first part leads to).
 */
export function wholer(first: ScoredSection, sections: ScoredSection[]): ScoredSection {
  const same = sections.find(
    (s) => s.passage.doc === first.passage.doc && s.passage.section === first.passage.section,
  );
  return same && same.passage.units.length > first.passage.units.length
    ? { ...first, passage: same.passage }
    : first;
}
