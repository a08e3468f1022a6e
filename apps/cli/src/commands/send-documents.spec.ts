import { DocqaProblemError } from '@docqa/client';
import type { JobRecord } from '@docqa/contracts';
import { DependencyUnavailableError } from '@docqa/errors';
import type { LoadedDocument } from '@docqa/sources';
import { MAX_REQUEST_BYTES, sendDocuments, type DocumentsApi } from './send-documents';

const doc = (id: string, kb: number): LoadedDocument => ({
  id,
  title: id,
  content: 'x'.repeat(kb * 1024),
  content_type: 'text/markdown',
  metadata: {},
});

/** An API that takes bodies up to `limit` bytes, as DOCUMENTS_BODY_LIMIT does, and ends jobs at once. */
function fakeApi(limit: number, refuse: 'problem' | 'epipe' = 'problem') {
  const sent: string[][] = [];
  const jobs = new Map<string, LoadedDocument[]>();
  const api: DocumentsApi = {
    documents: {
      create: async (documents) => {
        if (Buffer.byteLength(JSON.stringify({ documents })) > limit) {
          if (refuse === 'epipe')
            throw new DependencyUnavailableError('cannot reach http://api/ (EPIPE)', {
              cause: Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }),
            });
          const problem = { type: 'about:blank', title: 'Content Too Large', status: 413 };
          throw new DocqaProblemError(
            { ...problem, detail: 'the request body is larger than 10mb' },
            new Headers(),
          );
        }
        const job_id = `j_${jobs.size}`;
        jobs.set(job_id, documents as LoadedDocument[]);
        sent.push(documents.map((d) => d.id!));
        return { job_id, document_ids: documents.map((d) => d.id!) };
      },
    },
    jobs: {
      get: async (id): Promise<JobRecord> => {
        const n = jobs.get(id)!.length;
        const at = '2026-11-25T00:00:00.000Z';
        return {
          id,
          status: 'completed',
          total: n,
          processed: n,
          skipped: 0,
          failed: 0,
          chunks: n,
          errors: [],
          created_at: at,
          updated_at: at,
        };
      },
    },
  };
  return { api, sent };
}

describe('sendDocuments', () => {
  it('keeps each request under the byte budget, so large files are not refused all together', async () => {
    const { api, sent } = fakeApi(10 * 1024 * 1024);
    const documents = ['a', 'b', 'c', 'd', 'e'].map((id) => doc(id, 3 * 1024));
    const progress: number[] = [];
    const totals = await sendDocuments(api, documents, { onProgress: (n) => progress.push(n) });
    expect(sent).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
    expect(totals).toEqual({ chunks: 5, skipped: 0, failed: 0, errors: [] });
    expect(progress.at(-1)).toBe(5);
    expect(MAX_REQUEST_BYTES).toBeLessThan(10 * 1024 * 1024);
  });

  it('halves a request a server with a lower limit refuses, and fails only a document too large alone', async () => {
    const { api, sent } = fakeApi(200 * 1024);
    const documents = [doc('a', 60), doc('b', 60), doc('huge', 300), doc('c', 60), doc('d', 60)];
    const totals = await sendDocuments(api, documents, { onProgress: () => undefined });
    expect(sent.flat()).toEqual(['a', 'b', 'c', 'd']);
    expect(totals.failed).toBe(1);
    expect(totals.errors).toEqual([
      expect.stringMatching(/^huge: 0\.3 MB, more than the API takes in one request \(DOCUMENTS_BODY_LIMIT/),
    ]);
  });

  it('takes a connection the API closed while a lone oversized document was sent as that document too large', async () => {
    const { api, sent } = fakeApi(1024 * 1024, 'epipe');
    const documents = [doc('a', 10), doc('huge', 2 * 1024), doc('b', 10)];
    const totals = await sendDocuments(api, documents, {
      onProgress: () => undefined,
      maxBytes: 1024 * 1024,
    });
    expect(sent).toEqual([['a'], ['b']]);
    expect(totals.errors).toEqual([expect.stringMatching(/^huge: 2\.0 MB, more than/)]);
  });

  it('still stops at an API it cannot reach', async () => {
    const api: DocumentsApi = {
      documents: {
        create: () =>
          Promise.reject(new DependencyUnavailableError('cannot reach http://api/ (ECONNREFUSED)')),
      },
      jobs: { get: () => Promise.reject(new Error('not called')) },
    };
    await expect(sendDocuments(api, [doc('a', 1)], { onProgress: () => undefined })).rejects.toThrow(
      /ECONNREFUSED/,
    );
  });
});
