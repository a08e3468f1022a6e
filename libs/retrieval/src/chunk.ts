import { headingWords } from './keyword-terms';
import { commandWords, compoundParts, nounVerbs, joinedWords, readerWords, words } from '@docqa/tokenize';

/** One searchable passage of a document, as stored in a vector store. */
export interface Chunk {
  tenant: string;
  document_id: string;
  /** `<document_id>#<n>`, built by {@link chunkId}. */
  chunk_id: string;
  title: string;
  /** The document's URL with the section's anchor (`…/tokens#revoke`), when it has a URL. */
  url: string | null;
  /** Heading path of the section the chunk comes from (`Install › Linux`). */
  heading: string;
  text: string;
  metadata: Record<string, unknown>;
}

/**
 * A chunk with its embedding: an array, or a typed array's view (the embedder's thread's reply,
 * see `ingestionEmbedder`); stores read its numbers by index.
 */
export interface EmbeddedChunk extends Chunk {
  vector: ArrayLike<number>;
}

/**
 * The text indexed for keyword search: title, heading path and passage (a page's first chunk with
 * its page's description, see {@link pageDescription}), the words a reader writes
 * for their names ({@link readerWords}: `basicAuth` is found by "basic auth", `'~'` by "tilde";
 * {@link joinedWords}: `listremotes` by "list remotes"; {@link commandWords}: a title's or
 * heading's `mkdir` by "create folder"; {@link nounVerbs}: "modification" by "modified"), then
 * the terms of the section's own heading, of its compounds and of its commands as
 * {@link headingWords} (so a query's terms weigh more in the section they head).
 */
export function searchText(chunk: SearchTextFields): string {
  const own = chunk.heading.split(' › ').at(-1)!;
  const text = [chunk.title, chunk.heading, chunk.text, pageDescription(chunk)].filter(Boolean).join('\n');
  const path = `${chunk.title} ${chunk.heading}`;
  const joined = [joinedWords(path, chunk.text), commandWords(path)].filter(Boolean).join(' ');
  const named = `${own} ${compoundParts(own)} ${joinedWords(own, chunk.text)} ${commandWords(own)}`;
  const heading = headingWords(named).join(' ');
  return [text, readerWords(text), nounVerbs(text), joined, heading].filter(Boolean).join('\n');
}

/** What {@link searchText} is made of: a chunk's title, heading and text, and its id and metadata. */
export type SearchTextFields = Pick<Chunk, 'title' | 'heading' | 'text'> &
  Partial<Pick<Chunk, 'chunk_id' | 'metadata'>>;

/**
 * Share of a description's distinct words its chunk's text must lack for the description to add
 * to the chunk: one the chunk says already, word for word or in its own words (a page's lead that
 * paraphrases it), adds nothing but weight to words the chunk holds.
 */
const UNSAID_SHARE = 0.4;

/**
 * The page's description (front matter's `description`: what Hugo, MkDocs and Docusaurus pages
 * say they are about, shown by most themes only in the page's `<meta>` tags) as evidence of the
 * page's first chunk (`#0`): empty for other chunks, and when the chunk's text says it already,
 * lacking no more than {@link UNSAID_SHARE} of its distinct words (rclone's command pages repeat
 * theirs as their first line).
 */
export function pageDescription(chunk: Partial<Pick<Chunk, 'chunk_id' | 'text' | 'metadata'>>): string {
  const description = chunk.metadata?.['description'];
  if (typeof description !== 'string' || !chunk.chunk_id || chunkNumber(chunk.chunk_id) !== 0) return '';
  const described = new Set(words(description));
  const said = new Set(words(chunk.text ?? ''));
  const unsaid = [...described].filter((word) => !said.has(word)).length;
  return described.size && unsaid / described.size > UNSAID_SHARE ? description.trim() : '';
}

/** The id of a document's `n`th chunk (from 0): `<document_id>#<n>`. */
export function chunkId(documentId: string, n: number): string {
  return `${documentId}#${n}`;
}

/** The number of a chunk in its document, read back from its {@link chunkId} (0 when it has none). */
export function chunkNumber(id: string): number {
  return Number(/#(\d+)$/.exec(id)?.[1] ?? 0);
}
