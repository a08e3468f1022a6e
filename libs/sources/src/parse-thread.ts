/**
 * The program of a parse's thread (see {@link loadFileIsolated}): it parses the one file or PDF of
 * its `workerData`, posts the document or the error, and ends. tools/build.mjs builds it into
 * dist/libs/sources/parse-thread.js.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { parseOnThisThread, type ParseReply, type ParseRequest } from './isolated-loader';

const request = workerData as ParseRequest;
parseOnThisThread(request).then(
  (document): void => parentPort!.postMessage({ document } satisfies ParseReply),
  (err: unknown): void => {
    const { message, code } = err as { message?: string; code?: string };
    parentPort!.postMessage({ error: { message: message ?? String(err), code } } satisfies ParseReply);
  },
);
