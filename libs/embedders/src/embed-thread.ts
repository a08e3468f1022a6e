/**
 * The program of the local embedder's thread (see {@link ThreadedEmbedder}): each message is a
 * batch of texts, answered with their vectors, one after the other in one Float64Array (moved, not
 * copied). tools/build.mjs builds it into dist/libs/embedders/embed-thread.js.
 */
import { parentPort } from 'node:worker_threads';
import { LocalEmbedder } from './local-embedder';
import type { EmbedReply, EmbedRequest } from './threaded-embedder';

const port = parentPort!;
const embedders = new Map<number, LocalEmbedder>();

port.on('message', ({ id, texts, dimensions }: EmbedRequest) => {
  let reply: EmbedReply;
  try {
    let embedder = embedders.get(dimensions);
    if (!embedder) embedders.set(dimensions, (embedder = new LocalEmbedder(dimensions)));
    const vectors = new Float64Array(texts.length * dimensions);
    for (let i = 0; i < texts.length; i++) embedder.embedDocumentInto(texts[i]!, vectors, i * dimensions);
    reply = { id, vectors };
  } catch (err) {
    reply = { id, error: err instanceof Error ? err.message : String(err) };
  }
  port.postMessage(reply, 'vectors' in reply ? [reply.vectors.buffer] : []);
});
