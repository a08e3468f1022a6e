import { createHash } from 'node:crypto';
import { LocalEmbedder } from '@docqa/embedders';
import { FakeDocuments, doc, embedderWith, setup } from './testing/ingestor-doubles';

describe('Ingestor', () => {
  it('gives each chunk its section: heading path, and the URL with the section anchor', async () => {
    const { store, ingestor } = setup();
    const content = '# Tokens\nIntro.\n## Revoke a token\nRun `docqa tokens revoke ID`.';
    await ingestor.ingest({
      job_id: 'j',
      tenant: 't',
      documents: [
        { ...doc('tokens.md', content), content_type: 'text/markdown', url: 'https://d.example/tokens' },
        { ...doc('plain.md', content), content_type: 'text/markdown' },
      ],
    });
    const chunks = store.writes.flatMap((w) => w.chunks);
    expect(chunks.map((c) => [c.document_id, c.heading, c.url])).toEqual([
      ['tokens.md', 'Tokens', 'https://d.example/tokens#tokens'],
      ['tokens.md', 'Tokens › Revoke a token', 'https://d.example/tokens#revoke-a-token'],
      ['plain.md', 'Tokens', null],
      ['plain.md', 'Tokens › Revoke a token', null],
    ]);
  });

  it('writes the chunks of many small documents in one store write and reports progress per document', async () => {
    const { store, documents, ingestor } = setup();
    const progress: number[] = [];
    await ingestor.ingest(
      {
        job_id: 'j',
        tenant: 't',
        documents: [doc('a', 'alpha text'), doc('b', 'beta text'), doc('c', 'gamma')],
      },
      (done) => void progress.push(done),
    );
    expect(store.writes.map((w) => w.ids)).toEqual([['a', 'b', 'c']]);
    expect(progress).toEqual([1, 2, 3]);
    expect(documents.job).toMatchObject({ status: 'completed', processed: 3, chunks: 3, failed: 0 });
    expect([...documents.records.keys()]).toEqual(['a', 'b', 'c']);
  });

  it('embeds the chunks of many small documents together, each chunk with the vector of its own text', async () => {
    const local = new LocalEmbedder();
    const calls: number[] = [];
    const counting = embedderWith(async (texts) => {
      calls.push(texts.length);
      return local.embedDocuments(texts);
    });
    const { store, documents, ingestor } = setup(undefined, undefined, undefined, undefined, counting);
    const many = Array.from({ length: 300 }, (_, i) => doc(`d${i}`, `text number ${i}`));
    await ingestor.ingest({ job_id: 'j', tenant: 't', documents: many });
    expect(calls).toEqual([128, 128, 44]);
    expect(documents.job).toMatchObject({ status: 'completed', processed: 300, chunks: 300 });
    const chunks = store.writes.flatMap((w) => w.chunks);
    expect(chunks.map((c) => c.document_id)).toEqual(many.map((d) => d.id));
    for (const chunk of chunks) expect(chunk.vector).toEqual(local.embed(`${chunk.title}\n${chunk.text}`));
  });

  it('embeds a chunk headed by a Unix-style command with the words of what it does', async () => {
    const texts: string[] = [];
    const recording = embedderWith(async (batch) => {
      texts.push(...batch);
      return new LocalEmbedder().embedDocuments(batch);
    });
    const { ingestor } = setup(undefined, undefined, undefined, undefined, recording);
    await ingestor.ingest({
      job_id: 'j',
      tenant: 't',
      documents: [
        doc('mkdir.md', '# rclone mkdir\nMake the path.'),
        doc('install.md', '# Install\nRun `mkdir -p out` first.'),
      ],
    });
    expect(texts.find((t) => t.includes('Make the path'))).toMatch(/\nmake create directory folder$/);
    expect(texts.find((t) => t.includes('Run `mkdir'))).not.toContain('create');
  });

  it("embeds a page's first chunk with its front-matter description, unless its text says it already", async () => {
    const texts: string[] = [];
    const recording = embedderWith(async (batch) => {
      texts.push(...batch);
      return new LocalEmbedder().embedDocuments(batch);
    });
    const { store, ingestor } = setup(undefined, undefined, undefined, undefined, recording);
    const described = (id: string, content: string, description: string) => ({
      ...doc(id, content),
      metadata: { description },
    });
    const limit = 'Limit the number of simultaneous in-flight requests.';
    await ingestor.ingest({
      job_id: 'j',
      tenant: 't',
      documents: [
        described('inflight.md', 'The middleware caps load.\n## Options\nSet `amount`.', limit),
        described(
          'lsd.md',
          'List all directories in the path.\n## Synopsis\nLists them.',
          'List all directories in the path.',
        ),
      ],
    });
    expect(texts.filter((t) => t.includes('in-flight'))).toEqual([
      expect.stringContaining('The middleware caps load.'),
    ]);
    expect(texts.filter((t) => t.includes('List all directories'))).toHaveLength(1);
    // What readers see is unchanged: the description is in no chunk's text.
    expect(store.writes.flatMap((w) => w.chunks).some((c) => c.text.includes('in-flight'))).toBe(false);
  });

  it('fails only the document whose text the embedder refuses, and embeds the others', async () => {
    const refusing = embedderWith(async (texts) => {
      if (texts.some((text) => text.includes('too long'))) throw new Error('input too long for the model');
      return new LocalEmbedder().embedDocuments(texts);
    });
    const { store, documents, ingestor } = setup(undefined, undefined, undefined, undefined, refusing);
    const progress: number[] = [];
    await ingestor.ingest(
      {
        job_id: 'j',
        tenant: 't',
        documents: [doc('a', 'alpha'), doc('b', 'this one is too long'), doc('c', 'gamma')],
      },
      (done) => void progress.push(done),
    );
    expect(store.writes.map((w) => w.ids)).toEqual([['a', 'c']]);
    expect(progress).toEqual([1, 2, 3]);
    expect(documents.job).toMatchObject({
      status: 'completed',
      processed: 2,
      failed: 1,
      errors: [{ document_id: 'b', message: 'input too long for the model' }],
    });
  });

  it('writes a document given twice in one job in order, so the second replaces the first', async () => {
    const { store, ingestor } = setup();
    await ingestor.ingest({ job_id: 'j', tenant: 't', documents: [doc('a', 'first'), doc('a', 'second')] });
    expect(store.writes.map((w) => [w.ids, w.chunks.map((c) => c.text)])).toEqual([
      [['a'], ['first']],
      [['a'], ['second']],
    ]);
  });

  it('reports every document of a failed write and records none of them', async () => {
    const { store, documents, ingestor } = setup();
    store.failNext = true;
    await ingestor.ingest({ job_id: 'j', tenant: 't', documents: [doc('a', 'alpha'), doc('b', 'beta')] });
    expect(documents.job).toMatchObject({
      status: 'failed',
      processed: 0,
      failed: 2,
      errors: [
        { document_id: 'a', message: 'disk full' },
        { document_id: 'b', message: 'disk full' },
      ],
    });
    expect(documents.records.size).toBe(0);
  });

  it("looks up a job's records in one round trip and records each written batch in one", async () => {
    const { store, documents, ingestor } = setup();
    const many = Array.from({ length: 50 }, (_, i) => doc(`d${i}`, `text ${i}`));
    await ingestor.ingest({ job_id: 'j', tenant: 't', documents: many });
    expect(documents.calls).toEqual({ findMany: 1, putMany: store.writes.length });
    expect(store.writes).toHaveLength(1);
    expect(documents.records.size).toBe(50);
  });

  it('skips a document given twice with the same content, and keeps created_at on re-ingest', async () => {
    const { store, documents, ingestor } = setup();
    await ingestor.ingest({ job_id: 'j1', tenant: 't', documents: [doc('a', 'alpha'), doc('a', 'alpha')] });
    expect(store.writes.map((w) => w.ids)).toEqual([['a']]);
    expect(documents.job).toMatchObject({ processed: 2, skipped: 1, chunks: 1 });
    const created = documents.records.get('a')!.created_at;
    await ingestor.ingest({
      job_id: 'j2',
      tenant: 't',
      documents: [doc('a', 'alpha'), doc('b', 'beta'), doc('a', 'changed')],
    });
    expect(store.writes.slice(1).map((w) => [w.ids, w.chunks.map((c) => c.text)])).toEqual([
      [
        ['b', 'a'],
        ['beta', 'changed'],
      ],
    ]);
    expect(documents.job).toMatchObject({ processed: 3, skipped: 1, chunks: 2 });
    expect(documents.records.get('a')).toMatchObject({ created_at: created, chunks: 1 });
  });

  it('skips a document whose content did not change', async () => {
    const { store, documents, ingestor } = setup();
    await ingestor.ingest({ job_id: 'j1', tenant: 't', documents: [doc('a', 'alpha')] });
    await ingestor.ingest({ job_id: 'j2', tenant: 't', documents: [doc('a', 'alpha')] });
    expect(store.writes).toHaveLength(1);
    expect(documents.job).toMatchObject({ processed: 1, skipped: 1, chunks: 0 });
  });

  it('chunks an unchanged document again, once, when an older chunker indexed it', async () => {
    const documents = new FakeDocuments();
    // The record as the ingestor before chunking versions left it: a hash of the content alone.
    const before = JSON.stringify(['a', null, 'text/plain', 'alpha', {}]);
    documents.records.set('a', {
      id: 'a',
      title: 'a',
      url: null,
      content_type: 'text/plain',
      metadata: {},
      hash: createHash('sha256').update(before).digest('hex'),
      chunks: 1,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    });
    const { store, ingestor } = setup(undefined, undefined, documents);
    await ingestor.ingest({ job_id: 'j1', tenant: 't', documents: [doc('a', 'alpha')] });
    expect(store.writes).toHaveLength(1);
    expect(documents.records.get('a')!.created_at).toBe('2026-01-01T00:00:00.000Z');
    await ingestor.ingest({ job_id: 'j2', tenant: 't', documents: [doc('a', 'alpha')] });
    expect(store.writes).toHaveLength(1);
  });

  it('chunks an unchanged document again when the chunk size changes', async () => {
    const documents = new FakeDocuments();
    await setup(undefined, undefined, documents).ingestor.ingest({
      job_id: 'j1',
      tenant: 't',
      documents: [doc('a', 'alpha')],
    });
    const { store, ingestor } = setup(undefined, undefined, documents, 800);
    await ingestor.ingest({ job_id: 'j2', tenant: 't', documents: [doc('a', 'alpha')] });
    expect(store.writes).toHaveLength(1);
    expect(documents.job).toMatchObject({ processed: 1, skipped: 0 });
  });
});

describe('Ingestor links', () => {
  it('makes a document’s relative links absolute against its URL, so a quote’s links work anywhere', async () => {
    const { store, ingestor } = setup();
    const content =
      '# Setup\n\nSee [install](../install.md#linux), [top](#setup) and [site](https://x.example/).';
    await ingestor.ingest({
      job_id: 'j',
      tenant: 't',
      documents: [
        {
          id: 'a',
          title: 'A',
          content,
          content_type: 'text/markdown',
          url: 'https://docs.example/guide/setup',
        },
        { id: 'b', title: 'B', content, content_type: 'text/markdown' },
      ],
    });
    const texts = store.writes.flatMap((w) => w.chunks).map((c) => c.text);
    expect(texts[0]).toContain(
      '[install](https://docs.example/install.md#linux), [top](https://docs.example/guide/setup#setup) and [site](https://x.example/)',
    );
    expect(texts[1]).toContain('[install](../install.md#linux), [top](#setup)');
  });
});
