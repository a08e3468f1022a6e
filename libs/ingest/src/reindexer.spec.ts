import pino from 'pino';
import type { DocumentRecord, JobRecord } from '@docqa/contracts';
import { LocalEmbedder } from '@docqa/embedders';
import { type EmbeddedChunk } from '@docqa/retrieval';
import { CHUNKING_VERSION } from './chunking-version';
import { Ingestor } from './ingestor';
import { Reindexer, queueReindex } from './reindexer';

/** Chunks by document, as the vector store keeps them. */
class MemoryStore {
  readonly chunks = new Map<string, EmbeddedChunk[]>();
  writes = 0;
  async replaceDocuments(_tenant: string, ids: string[], chunks: EmbeddedChunk[]) {
    this.writes++;
    for (const id of ids)
      this.chunks.set(
        id,
        chunks.filter((c) => c.document_id === id),
      );
  }
  async deleteDocument(_tenant: string, id: string) {
    this.chunks.delete(id);
  }
  async documentChunks(_tenant: string, id: string) {
    return [...(this.chunks.get(id) ?? [])].reverse(); // any order, as a store gives them
  }
  async optimize() {}
}

/** Document records and job records of one tenant. */
class MemoryDocuments {
  readonly records = new Map<string, DocumentRecord>();
  readonly jobs = new Map<string, JobRecord>();
  async list(_tenant: string, opts: { limit: number; cursor?: string }) {
    const ids = [...this.records.keys()].sort().filter((id) => !opts.cursor || id > opts.cursor);
    const page = ids.slice(0, opts.limit);
    return {
      documents: page.map((id) => this.records.get(id)!),
      next_cursor: ids.length > opts.limit ? page.at(-1)! : null,
    };
  }
  async findMany(_tenant: string, ids: string[]) {
    return ids.map((id) => this.records.get(id) ?? null);
  }
  async putMany(_tenant: string, records: DocumentRecord[]) {
    for (const r of records) this.records.set(r.id, structuredClone(r));
  }
  async createJob(id: string, _tenant: string, total: number) {
    const at = new Date().toISOString();
    const job: JobRecord = {
      ...{ id, status: 'queued', total, processed: 0, skipped: 0, failed: 0, chunks: 0, errors: [] },
      ...{ created_at: at, updated_at: at },
    };
    this.jobs.set(id, job);
    return job;
  }
  async updateJob(id: string, patch: Partial<JobRecord>) {
    const job = this.jobs.get(id);
    if (job) this.jobs.set(id, { ...job, ...structuredClone(patch) });
  }
  async getJob(_tenant: string, id: string) {
    return this.jobs.get(id)!;
  }
  get = async (_tenant: string, id: string) => this.records.get(id)!;
  async remove(_tenant: string, id: string) {
    this.records.delete(id);
  }
}

const PAGE = `# Persistence

Intro.

## Turn on AOF

Set the option:

    appendonly yes

Then restart.<br />Done.
`;

function setup() {
  const store = new MemoryStore();
  const documents = new MemoryDocuments();
  const ingestor = new Ingestor({
    store,
    embedder: new LocalEmbedder(),
    documents,
    chunking: { size: 1200, overlap: 100 },
    logger: pino({ level: 'silent' }),
  });
  const queued: string[] = [];
  const queue = { enqueueReindex: async (job: { job_id: string }) => void queued.push(job.job_id) };
  return {
    store,
    documents,
    ingestor,
    queue,
    queued,
    reindexer: new Reindexer({ documents, store, ingestor }),
  };
}

/**
 * Makes `id` look indexed by an older chunking version: its record without a version, its chunks
 * as that version left them (a `<br />` kept as written).
 */
async function makeOld(env: ReturnType<typeof setup>, id: string) {
  const record = env.documents.records.get(id)!;
  delete record.chunking;
  const chunks = env.store.chunks.get(id)!;
  env.store.chunks.set(
    id,
    chunks.map((c) => ({
      ...c,
      text: c.text.replace('Then restart. Done.', 'Then restart.<br />Done.'),
    })),
  );
  expect(
    env.store.chunks
      .get(id)!
      .map((c) => c.text)
      .join('\n'),
  ).toContain('<br />');
}

describe('Reindexer', () => {
  it('re-chunks only documents of an older chunking version, keeping their record, and then has nothing left to do', async () => {
    const env = setup();
    const docs = ['a', 'b', 'c'].map((id) => ({
      id,
      title: `Page ${id}`,
      url: `https://docs.example.com/${id}/`,
      content_type: 'text/markdown' as const,
      content: PAGE,
      metadata: { product: 'db' },
    }));
    await env.ingestor.ingest({ job_id: 'first', tenant: 'acme', documents: docs });
    expect(env.documents.records.get('a')!.chunking).toBe(CHUNKING_VERSION);
    await makeOld(env, 'a');
    await makeOld(env, 'c');
    const before = env.documents.records.get('a')!;
    const untouched = structuredClone(env.documents.records.get('b'));

    const job = await queueReindex({ documents: env.documents, queue: env.queue }, 'acme');
    expect(job.total).toBe(2);
    expect(env.queued).toEqual([job.id]);
    const progress: [number, number][] = [];
    await env.reindexer.reindex(
      { job_id: job.id, tenant: 'acme' },
      (done, total) => void progress.push([done, total]),
    );

    expect(await env.documents.getJob('acme', job.id)).toMatchObject({
      status: 'completed',
      total: 2,
      processed: 2,
      failed: 0,
    });
    expect(progress.at(-1)).toEqual([2, 2]);
    const after = env.documents.records.get('a')!;
    expect(after).toMatchObject({
      chunking: CHUNKING_VERSION,
      title: 'Page a',
      url: 'https://docs.example.com/a/',
      content_type: 'text/markdown',
      metadata: { product: 'db' },
      created_at: before.created_at,
    });
    expect(env.documents.records.get('b')).toEqual(untouched);
    const text = env.store.chunks
      .get('a')!
      .map((c) => c.text)
      .join('\n');
    expect(text).not.toContain('<br />');
    expect(text).toContain('Then restart. Done.');
    const section = env.store.chunks.get('a')!.find((c) => c.heading === 'Persistence › Turn on AOF')!;
    expect(section.url).toBe('https://docs.example.com/a/#turn-on-aof');

    const writes = env.store.writes;
    const again = await queueReindex({ documents: env.documents, queue: env.queue }, 'acme');
    expect(again).toMatchObject({ total: 0, status: 'completed' });
    expect(env.queued).toHaveLength(1);
    await env.reindexer.reindex({ job_id: again.id, tenant: 'acme' });
    expect(env.store.writes).toBe(writes);
  });

  it("gives a page indexed before version 26 its description's evidence: its first chunk embedded with it", async () => {
    const env = setup();
    const described = { id: 'p', title: 'P', content_type: 'text/markdown' as const, content: PAGE };
    const metadata = { description: 'How to keep the data on disk.' };
    await env.ingestor.ingest({ job_id: 'first', tenant: 'acme', documents: [{ ...described, metadata }] });
    const local = new LocalEmbedder();
    const withDescription = local.embed('P\nPersistence\nIntro.\nHow to keep the data on disk.');
    expect(env.store.chunks.get('p')![0]!.vector).toEqual(withDescription);
    // As version 25 left it: the vector of the chunk's title, heading and text only.
    const stale = local.embed('P\nPersistence\nIntro.');
    env.store.chunks.set(
      'p',
      env.store.chunks.get('p')!.map((c, i) => (i ? c : { ...c, vector: stale })),
    );
    env.documents.records.get('p')!.chunking = 25;
    await env.reindexer.reindex({ job_id: 'none', tenant: 'acme' });
    expect(env.documents.records.get('p')!.chunking).toBe(CHUNKING_VERSION);
    expect(env.store.chunks.get('p')![0]!.vector).toEqual(withDescription);
  });

  it('puts a document back together from its chunks with its headings, each section once', async () => {
    const env = setup();
    await env.ingestor.ingest({
      job_id: 'first',
      tenant: 'acme',
      documents: [{ id: 'p', title: 'P', content_type: 'text/markdown', content: PAGE }],
    });
    const original = env.store.chunks.get('p')!.map(({ heading, text }) => ({ heading, text }));
    delete env.documents.records.get('p')!.chunking;
    await env.reindexer.reindex({ job_id: 'none', tenant: 'acme' });
    expect(env.store.chunks.get('p')!.map(({ heading, text }) => ({ heading, text }))).toEqual(original);
  });
});
