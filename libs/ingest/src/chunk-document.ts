import { createHash } from 'node:crypto';
import { VERSION_METADATA_KEY, versionOf, type DocumentRecord, type IngestJob } from '@docqa/contracts';
import { chunkMarkdown, type ChunkOptions, type TextPiece } from '@docqa/chunking';
import { absoluteLinks } from '@docqa/sources';
import { CHUNKING_VERSION } from './chunking-version';
import { toMarkdown } from './to-markdown';

/**
 * A document of an ingest job. `markdown`: its text is Markdown already (a document re-chunked from
 * its stored chunks, see `Reindexer`), chunked as it is; its content type is kept for the record.
 */
export type JobDocument = IngestJob['documents'][number] & { markdown?: string };

/** A document chunked, waiting for its chunks' vectors. */
export interface Chunked {
  doc: JobDocument;
  record: DocumentRecord;
  pieces: TextPiece[];
}

/**
 * Chunks a document and makes its record; null when its content is unchanged (same content,
 * metadata, chunk options and {@link CHUNKING_VERSION} as `existing`: same hash).
 */
export async function chunkDocument(
  input: JobDocument,
  existing: DocumentRecord | null,
  chunking: ChunkOptions,
): Promise<Chunked | null> {
  const doc = versioned(input);
  // What the chunks are made of and how: a new chunking version or chunk size re-chunks an
  // unchanged document.
  const hash = createHash('sha256')
    .update(
      JSON.stringify([
        CHUNKING_VERSION,
        chunking.size,
        chunking.overlap,
        doc.title,
        doc.url ?? null,
        doc.content_type,
        doc.markdown ?? doc.content,
        doc.metadata ?? {},
      ]),
    )
    .digest('hex');
  if (existing?.hash === hash) return null;

  const markdown = doc.markdown ?? (await toMarkdown(doc.content, doc.content_type));
  // An answer quoting a relative link is read elsewhere (a widget, an agent): the link must not
  // depend on the page it was on.
  const pieces = await chunkMarkdown(doc.url ? absoluteLinks(markdown, doc.url) : markdown, chunking);
  const now = new Date().toISOString();
  const record: DocumentRecord = {
    id: doc.id,
    title: doc.title,
    url: doc.url ?? null,
    content_type: doc.content_type,
    metadata: doc.metadata ?? {},
    ...(doc.version && { version: doc.version }),
    hash,
    chunks: pieces.length,
    chunking: CHUNKING_VERSION,
    created_at: existing?.created_at ?? now,
    updated_at: now,
  };
  return { doc, record, pieces };
}

/**
 * A document with its version (DESIGN §17) in one place: the top-level `version` (the API's,
 * `--version`, a source's rule) or else its metadata's (front matter), kept as the metadata's
 * `version` string, which its chunks carry and searches filter on. A blank one is dropped.
 */
export function versioned(doc: JobDocument): JobDocument {
  const version = doc.version?.trim() || versionOf(doc.metadata);
  const { [VERSION_METADATA_KEY]: _old, ...metadata } = doc.metadata ?? {};
  if (!version) return doc.metadata && _old !== undefined ? { ...doc, metadata } : doc;
  return { ...doc, version, metadata: { ...metadata, [VERSION_METADATA_KEY]: version } };
}
