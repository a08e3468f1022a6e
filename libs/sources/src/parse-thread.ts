/**
 * The program of a parse's thread (see {@link loadFileIsolated}): each message is a file or a PDF
 * to parse, answered with the document or the error; the thread then waits for the next.
 * tools/build.mjs builds it into dist/libs/sources/parse-thread.js.
 */
import { parentPort } from 'node:worker_threads';
import { parseOnThisThread } from './isolated-loader';
import type { ParseReply, ParseRequest } from './parse-threads';

parentPort!.on('message', (request: ParseRequest) => {
  parseOnThisThread(request).then(
    (document): void => parentPort!.postMessage({ document } satisfies ParseReply),
    (err: unknown): void => {
      const { message, code } = err as { message?: string; code?: string };
      parentPort!.postMessage({ error: { message: message ?? String(err), code } } satisfies ParseReply);
    },
  );
});
