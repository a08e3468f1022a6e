import { randomUUID } from 'node:crypto';
import type { SearchResult } from '@docqa/contracts';
import { Retrieval } from '../retrieval';
import type { VectorStore } from '../vector-store';
import { contractEmbedder, doc, embedDocs, MAIN_DOCS, type ContractContext } from './contract-fixture';
import { describeFilterContract } from './filter-contract';
import { describeTermStatsContract } from './term-stats-contract';

/** How the contract suite gets a store and cleans up after it. */
export interface VectorStoreHarness {
  /** An empty store (or one whose other data the suite's fresh tenants never see). */
  open(): Promise<VectorStore>;
  /** Drops what the suite wrote: a temporary folder, a test collection. */
  dispose(store: VectorStore): Promise<void>;
}

/**
 * The behaviour every vector store must share, declared as jest tests: replacing and deleting
 * documents, tenant isolation, ranking sanity of each search mode, DESIGN §3 filters, and filter
 * values and property names that try to break out of the filter. Each run uses fresh tenants, so
 * a long-lived store (a live Qdrant) can run it repeatedly. With `skipReason` every test is
 * declared but skipped, and the suite's name says why.
 */
export function describeVectorStoreContract(
  name: string,
  harness: VectorStoreHarness,
  skipReason?: string,
): void {
  const run = randomUUID().slice(0, 8);
  const tenant = (label: string) => `contract-${run}-${label}`;
  const ctx = { main: tenant('main') } as ContractContext;

  const block = skipReason ? describe.skip : describe;
  block(skipReason ? `${name}: skipped, ${skipReason}` : name, () => {
    beforeAll(async () => {
      ctx.store = await harness.open();
      ctx.retrieval = new Retrieval({ store: ctx.store, embedder: contractEmbedder });
      ctx.find = async (query, opts = {}) => {
        const { results } = await ctx.retrieval.search({
          tenants: opts.tenants ?? [ctx.main],
          query,
          mode: opts.mode ?? 'keyword',
          filters: opts.filters ?? [],
          version: opts.version,
          limit: 50,
        });
        return results.map((r) => r.chunk_id);
      };
      await ctx.store.replaceDocuments(
        ctx.main,
        MAIN_DOCS.map((d) => d.id),
        await embedDocs(ctx.main, MAIN_DOCS),
      );
    });
    afterAll(async () => {
      if (ctx.store) await harness.dispose(ctx.store);
    });

    it('answers its health check', async () => {
      await expect(ctx.store.health()).resolves.toBeUndefined();
    });

    it('keeps the stamp it is given and says it holds chunks', async () => {
      for (const stamp of [`first-${run}`, `second-${run}`]) {
        await ctx.store.setStamp(stamp);
        await expect(ctx.store.identity()).resolves.toEqual({ stamp, empty: false });
      }
    });

    describeWritePath(ctx, tenant);
    describeRanking(ctx, tenant);
    describeFilterContract(ctx);
    describeTermStatsContract(ctx, tenant);
  });
}

function describeWritePath(ctx: ContractContext, tenant: (label: string) => string): void {
  describe('writes', () => {
    const write = async (t: string, docs: ReturnType<typeof doc>[]) =>
      ctx.store.replaceDocuments(
        t,
        docs.map((d) => d.id),
        await embedDocs(t, docs),
      );

    it('replaces every chunk of a re-ingested document, fewer chunks included', async () => {
      const t = tenant('replace');
      await write(t, [
        doc('changing', ['zebra one', 'zebra two', 'zebra three']),
        doc('other', ['zebra four']),
      ]);
      expect((await ctx.find('zebra', { tenants: [t] })).sort()).toEqual([
        'changing#0',
        'changing#1',
        'changing#2',
        'other#0',
      ]);
      await write(t, [doc('changing', ['giraffe only'])]);
      expect(await ctx.find('zebra', { tenants: [t] })).toEqual(['other#0']);
      expect(await ctx.find('giraffe', { tenants: [t] })).toEqual(['changing#0']);
      const all = await ctx.find('anything', { tenants: [t], mode: 'semantic' });
      expect(all.sort()).toEqual(['changing#0', 'other#0']);
    });

    it('replacing a document with no chunks removes it', async () => {
      const t = tenant('empty');
      await write(t, [doc('gone', ['walrus text']), doc('stays', ['walrus too'])]);
      await ctx.store.replaceDocuments(t, ['gone'], []);
      expect(await ctx.find('walrus', { tenants: [t] })).toEqual(['stays#0']);
    });

    it('deletes every chunk of a document and nothing else, whatever its id holds', async () => {
      const t = tenant('delete');
      const odd = `it's "odd" ' OR 1=1 -- ]}`;
      await write(t, [doc(odd, ['penguin a', 'penguin b']), doc('keep', ['penguin c'])]);
      await ctx.store.deleteDocument(t, odd);
      expect(await ctx.find('penguin', { tenants: [t] })).toEqual(['keep#0']);
      expect(await ctx.find('penguin', { tenants: [t], mode: 'semantic' })).toEqual(['keep#0']);
      await ctx.store.deleteDocument(t, 'never-ingested');
      expect(await ctx.find('penguin', { tenants: [t] })).toEqual(['keep#0']);
    });

    it('reads a document back in chunk order, only in its own tenant and through the filters', async () => {
      const [a, b] = [tenant('read-a'), tenant('read-b')];
      const texts = Array.from({ length: 12 }, (_, n) => `paragraph ${n} of the manual`);
      await write(a, [doc('manual', [...texts].reverse(), { product: 'cli' })]);
      await write(b, [doc('other', ['elsewhere'])]);
      const chunks = await ctx.store.documentChunks(a, 'manual', 100);
      expect(chunks.map((c) => c.chunk_id).sort()).toEqual(texts.map((_, n) => `manual#${n}`).sort());
      const read = await ctx.retrieval.readDocument(a, 'manual', { filters: [], maxChars: 10_000 });
      expect(read).toMatchObject({ document_id: 'manual', title: 'manual', truncated: false });
      expect(read!.text).toBe(['# manual', ...[...texts].reverse()].join('\n\n'));
      const cli = [{ type: 'eq' as const, property: 'product', value: 'cli' }];
      expect(await ctx.retrieval.readDocument(a, 'manual', { filters: cli, maxChars: 10 })).toMatchObject({
        text: '# manual\n\n',
        truncated: true,
      });
      const api = [{ type: 'eq' as const, property: 'product', value: 'api' }];
      expect(await ctx.retrieval.readDocument(a, 'manual', { filters: api, maxChars: 10_000 })).toBeNull();
      expect(await ctx.retrieval.readDocument(b, 'manual', { filters: [], maxChars: 10_000 })).toBeNull();
      expect(await ctx.store.documentChunks(a, 'never-ingested', 100)).toEqual([]);
    });

    it('keeps tenants apart, even for the same document and chunk ids', async () => {
      const [a, b] = [tenant('iso-a'), tenant('iso-b')];
      await write(a, [doc('shared', ['apple orchard'])]);
      await write(b, [doc('shared', ['banana plantation'])]);
      const texts = async (tenants: string[]) =>
        (
          await ctx.retrieval.search({
            tenants,
            query: 'apple banana',
            mode: 'hybrid',
            filters: [],
            limit: 10,
          })
        ).results
          .map((r) => r.text)
          .sort();
      expect(await texts([a])).toEqual(['apple orchard']);
      expect(await texts([b])).toEqual(['banana plantation']);
      expect(await texts([a, b])).toEqual(['apple orchard', 'banana plantation']);
      await ctx.store.deleteDocument(a, 'shared');
      expect(await texts([a, b])).toEqual(['banana plantation']);
      expect(await ctx.find('apple', { tenants: [tenant('never-used')], mode: 'semantic' })).toEqual([]);
    });
  });
}

function describeRanking(ctx: ContractContext, tenant: (label: string) => string): void {
  describe('search', () => {
    it.each(['keyword', 'semantic', 'hybrid'] as const)(
      '%s search ranks the matching chunk first',
      async (mode) => {
        expect((await ctx.find('how do I revoke a token', { mode }))[0]).toBe('tokens#1');
        expect((await ctx.find('run setup.exe as administrator', { mode }))[0]).toBe('install#0');
      },
    );

    it('returns the stored fields and metadata, best score first', async () => {
      const { results } = await ctx.retrieval.search({
        tenants: [ctx.main],
        query: 'installer windows',
        mode: 'keyword',
        filters: [],
        limit: 5,
      });
      const first: SearchResult = results[0]!;
      expect(first).toMatchObject({
        document_id: 'install',
        chunk_id: 'install#0',
        title: 'Install on Windows',
        url: 'https://docs.example/install',
        section: 'Install on Windows',
        text: 'Download the installer and run setup.exe as administrator.',
        metadata: MAIN_DOCS[1]!.metadata,
      });
      const scores = results.map((r) => r.score);
      expect(scores).toEqual([...scores].sort((x, y) => y - x));
      const [widget] = (
        await ctx.retrieval.search({
          tenants: [ctx.main],
          query: 'widget',
          mode: 'keyword',
          filters: [],
          limit: 1,
        })
      ).results;
      expect(widget!.url).toBeNull();
    });

    it('ranks the section a name heads above sections that repeat the name more', async () => {
      const t = tenant('heading');
      const docs = [
        {
          ...doc('metrics', [
            'acme_requests counts acme requests, acme_jobs acme jobs, acme_errors acme errors.',
          ]),
          title: 'Metrics',
        },
        {
          ...doc('start', ['Install acme, start acme, then open the acme page in a browser.']),
          title: 'Start',
        },
        { ...doc('overview', ['Acme answers questions about your documentation.']), title: 'What is acme?' },
      ];
      await ctx.store.replaceDocuments(
        t,
        docs.map((d) => d.id),
        await embedDocs(t, docs),
      );
      for (const mode of ['keyword', 'hybrid'] as const)
        expect((await ctx.find('What is acme?', { tenants: [t], mode }))[0]).toBe('overview#0');
    });

    it("finds by the lexicon's equivalent a word of the query the docs never write", async () => {
      const t = tenant('equivalent');
      const docs = [
        doc('dirs', ['Ignore a directory with the exclude option.']),
        doc('install', ['Install the tool from its package.']),
      ];
      await ctx.store.replaceDocuments(
        t,
        docs.map((d) => d.id),
        await embedDocs(t, docs),
      );
      expect(await ctx.find('How do I skip a folder?', { tenants: [t] })).toEqual(['dirs#0']);
    });

    it('finds nothing for unknown words or a query without words, without failing', async () => {
      expect(await ctx.find('zzyzx qwfpgj')).toEqual([]);
      expect(await ctx.find('?! -- "" *')).toEqual([]);
    });

    it('fails a hybrid search whose embedding fails, with that failure', async () => {
      const embedding = Promise.reject(new Error('model down'));
      await expect(
        ctx.store.hybridSearch({
          tenants: [ctx.main],
          filters: [],
          limit: 3,
          text: 'revoke a token',
          vector: embedding,
          weights: { keyword: 1, semantic: 0.15 },
        }),
      ).rejects.toThrow('model down');
    });

    it('honours the limit', async () => {
      const { results } = await ctx.retrieval.search({
        tenants: [ctx.main],
        query: 'hostile gadget',
        mode: 'hybrid',
        filters: [],
        limit: 3,
      });
      expect(results).toHaveLength(3);
    });
  });
}
