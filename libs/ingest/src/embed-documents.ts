import { commandWords } from '@docqa/tokenize';
import type { DocumentRecord } from '@docqa/contracts';
import { withAnchor } from '@docqa/chunking';
import type { Embedder } from '@docqa/embedders';
import { chunkId, pageDescription, type EmbeddedChunk } from '@docqa/retrieval';
import type { Chunked } from './chunk-document';

/**
 * Chunks embedded in one call: those of several small documents together (one call per document
 * cost a round trip per chunk of a site of one-page documents), a large document's in several.
 */
export const EMBED_BATCH = 128;

/** A document chunked and embedded, waiting to be written. */
export interface Prepared {
  record: DocumentRecord;
  chunks: EmbeddedChunk[];
}

/**
 * Embeds the chunks of `documents` together, EMBED_BATCH at a time; each document with its
 * chunks, or the error that kept it from them. When a call fails, the documents are embedded
 * once more one by one, so only a document whose own text fails (too long for the model, say)
 * fails.
 */
export async function embedDocuments(
  embedder: Embedder<ArrayLike<number>>,
  tenant: string,
  documents: Chunked[],
): Promise<Map<Chunked, Prepared | Error>> {
  const results = new Map<Chunked, Prepared | Error>();
  try {
    const vectors = await embedTexts(embedder, documents.flatMap(chunkTexts));
    let next = 0;
    for (const chunked of documents) {
      results.set(chunked, embedded(tenant, chunked, vectors.slice(next, next + chunked.pieces.length)));
      next += chunked.pieces.length;
    }
  } catch (err) {
    if (documents.length === 1) results.set(documents[0]!, asError(err));
    else
      for (const chunked of documents)
        results.set(chunked, (await embedDocuments(embedder, tenant, [chunked])).get(chunked)!);
  }
  return results;
}

async function embedTexts(
  embedder: Embedder<ArrayLike<number>>,
  texts: string[],
): Promise<ArrayLike<number>[]> {
  const vectors: ArrayLike<number>[] = [];
  for (let i = 0; i < texts.length; i += EMBED_BATCH)
    vectors.push(...(await embedder.embedDocuments(texts.slice(i, i + EMBED_BATCH))));
  return vectors;
}

/**
 * What each chunk of a document is embedded from: its document's title, its heading and its text,
 * the first chunk its page's description (see `pageDescription`), then the words of what a
 * command they name does (`rclone mkdir`: "make create directory folder", see `commandWords`), as
 * the chunk's search text has them.
 */
function chunkTexts({ doc, pieces }: Chunked): string[] {
  return pieces.map((piece, i) =>
    [
      doc.title,
      piece.heading,
      piece.text,
      pageDescription({ chunk_id: chunkId(doc.id, i), text: piece.text, metadata: doc.metadata }),
      commandWords(`${doc.title} ${piece.heading}`),
    ]
      .filter(Boolean)
      .join('\n'),
  );
}

/** A chunked document with its chunks' `vectors`, ready to be written. */
function embedded(tenant: string, { doc, record, pieces }: Chunked, vectors: ArrayLike<number>[]): Prepared {
  const chunks = pieces.map((piece, i): EmbeddedChunk => ({
    tenant,
    document_id: doc.id,
    chunk_id: chunkId(doc.id, i),
    title: doc.title,
    url: doc.url ? withAnchor(doc.url, piece.anchor) : null,
    heading: piece.heading,
    text: piece.text,
    metadata: doc.metadata ?? {},
    vector: vectors[i]!,
  }));
  return { record, chunks };
}

function asError(err: unknown): Error {
  return err instanceof Error ? err : new Error(String(err));
}
