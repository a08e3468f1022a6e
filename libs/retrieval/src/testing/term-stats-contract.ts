import type { SearchMode } from '@docqa/contracts';
import { doc, embedDocs, type ContractContext, type FixtureDoc } from './contract-fixture';

const QUERY = 'quartz crystal mirror';
/** Tenant A: the terms of {@link QUERY} at different frequencies. */
const A_DOCS = [
  doc('alpha', ['quartz crystal lamp', 'quartz quartz mirror on the wall']),
  doc('beta', ['crystal mirror lamp shade', 'the mirror of the lamp room']),
];
/** Tenant B: the same terms again, at other frequencies, and many more chunks. */
const B_DOCS = [
  doc('noise', [
    'quartz crystal quartz',
    'quartz lamp',
    'crystal crystal crystal',
    'quartz quartz quartz quartz',
    'a lamp without the words',
    'quartz crystal again',
  ]),
];

/**
 * Keyword statistics are the searched tenants' own (issue #15): another tenant's documents must
 * not move a tenant's keyword scores (nor the hybrid ranking built on them), and a search of
 * several tenants scores as if one tenant held all their documents.
 */
export function describeTermStatsContract(ctx: ContractContext, tenant: (label: string) => string): void {
  // As ingestion does: write, then bring the store's indexes up to date.
  const write = async (t: string, docs: FixtureDoc[]) => {
    await ctx.store.replaceDocuments(
      t,
      docs.map((d) => d.id),
      await embedDocs(t, docs),
    );
    await ctx.store.optimize?.();
  };
  const hits = async (tenants: string[], mode: SearchMode) =>
    (await ctx.retrieval.search({ tenants, query: QUERY, mode, filters: [], limit: 20 })).results.map(
      (r) => [r.chunk_id, r.score] as const,
    );
  const byChunk = (list: (readonly [string, number])[]) => [...list].sort(([x], [y]) => x.localeCompare(y));

  describe('keyword statistics', () => {
    it('scores a tenant the same whatever another tenant ingests or deletes', async () => {
      const [a, b] = [tenant('stats-a'), tenant('stats-b')];
      await write(a, A_DOCS);
      const keyword = await hits([a], 'keyword');
      const hybrid = await hits([a], 'hybrid');
      expect(keyword.map(([id]) => id).sort()).toEqual(['alpha#0', 'alpha#1', 'beta#0', 'beta#1']);

      await write(b, B_DOCS);
      expect(await hits([a], 'keyword')).toEqual(keyword);
      expect(await hits([a], 'hybrid')).toEqual(hybrid);

      await ctx.store.deleteDocument(b, 'noise');
      await ctx.store.optimize?.();
      expect(await hits([a], 'keyword')).toEqual(keyword);
      expect(await hits([a, b], 'keyword')).toEqual(keyword);
    });

    it('scores a search of several tenants over their union, through replaces', async () => {
      const [a, b, both] = [tenant('union-a'), tenant('union-b'), tenant('union-both')];
      await write(a, [doc('alpha', ['an older quartz text']), ...A_DOCS.slice(1)]);
      await write(a, A_DOCS.slice(0, 1));
      await write(b, B_DOCS);
      await write(both, [...A_DOCS, ...B_DOCS]);
      expect(byChunk(await hits([a, b], 'keyword'))).toEqual(byChunk(await hits([both], 'keyword')));
      expect(byChunk(await hits([a], 'keyword'))).not.toEqual(
        byChunk((await hits([both], 'keyword')).filter(([id]) => !id.startsWith('noise'))),
      );
    });
  });
}
