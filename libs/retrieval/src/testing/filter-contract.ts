import type { Filter, SearchMode } from '@docqa/contracts';
import { HOSTILE_VALUES, type ContractContext } from './contract-fixture';

const eq = (property: string, value: string | string[]): Filter => ({ type: 'eq', property, value });
const contains = (property: string, value: string | string[]): Filter => ({
  type: 'contains',
  property,
  value,
});

/** DESIGN §3 filters, and values and property names that must stay data. */
export function describeFilterContract(ctx: ContractContext): void {
  /** Document ids of the main tenant's chunks that pass `filters` (semantic search sees them all). */
  const docsWhere = async (...filters: Filter[]) =>
    [
      ...new Set(
        (await ctx.find('documentation', { mode: 'semantic', filters })).map((id) => id.split('#')[0]),
      ),
    ].sort();

  describe('filters', () => {
    it.each<[string, Filter[], string[]]>([
      ['eq on a string', [eq('product', 'cli')], ['tokens']],
      ['eq with any of several values', [eq('product', ['desktop', 'widget'])], ['install', 'widget']],
      ['eq on a number, compared as text', [eq('version', '2')], ['tokens']],
      ['eq is case-sensitive', [eq('product', 'CLI')], []],
      ['eq on a list of two never matches', [eq('tags', 'auth')], []],
      ['contains on a list', [contains('tags', 'auth')], ['tokens']],
      ['contains any of several list values', [contains('tags', ['nope', 'security'])], ['tokens']],
      ['contains a phrase, ignoring case', [contains('platform', 'windows 11')], ['install']],
      ['contains whole words only', [contains('platform', 'Win')], []],
      ['eq on document_id', [eq('document_id', 'install')], ['install']],
      ['eq on title', [eq('title', 'Install on Windows')], ['install']],
      ['every filter must hold', [eq('product', 'cli'), contains('tags', 'auth')], ['tokens']],
      ['a failing filter empties the result', [eq('product', 'cli'), contains('platform', 'windows')], []],
      ['an unknown property matches nothing', [eq('colour', 'red')], []],
      ['an inherited property matches nothing', [eq('constructor', 'Object')], []],
    ])('%s', async (_name, filters, expected) => {
      expect(await docsWhere(...filters)).toEqual(expected);
    });

    it('takes property names literally: dots, brackets and store fields are not paths', async () => {
      expect(await docsWhere(eq('a.b', 'dotted'))).toEqual(['install']);
      expect(await docsWhere(eq('a', 'dotted'))).toEqual([]);
      expect(await docsWhere(eq('x[0]', 'bracketed'))).toEqual(['install']);
      expect(await docsWhere(eq('x', 'bracketed'))).toEqual([]);
      expect(await docsWhere(eq('tenant', 'spoof'))).toEqual(['widget']);
      expect(await docsWhere(eq('tenant', ctx.main))).toEqual([]);
      expect(await docsWhere(eq('metadata.product', 'cli'))).toEqual([]);
    });
  });

  describe('versions (DESIGN §17)', () => {
    /** Document ids the main tenant's search finds in `version` (`tokens` is version 2, the rest have none). */
    const docsIn = async (version: string, mode: SearchMode, filters: Filter[] = []) =>
      [
        ...new Set(
          (
            await ctx.find(mode === 'keyword' ? 'token installer widget gadget' : 'documentation', {
              mode,
              filters,
              version,
            })
          ).map((id) => id.split('#')[0]),
        ),
      ].sort();

    it.each(['keyword', 'semantic', 'hybrid'] as const)(
      'keeps the version asked and unversioned documents, never another version (%s)',
      async (mode) => {
        expect(await docsIn('2', mode)).toContain('tokens');
        expect(await docsIn('2', mode)).toContain('install');
        expect(await docsIn('3', mode)).not.toContain('tokens');
        expect(await docsIn('3', mode)).toContain('install');
        expect(await docsIn('3', mode, [eq('product', 'cli')])).toEqual([]);
        expect(await docsIn('2', mode, [eq('product', 'cli')])).toEqual(['tokens']);
      },
    );
  });

  describe('hostile filter values and property names', () => {
    const cases = HOSTILE_VALUES.map((value, i) => [JSON.stringify(value).slice(0, 40), value, i] as const);

    it.each(cases)('%s as a value finds exactly its own document in every mode', async (_name, value, i) => {
      for (const mode of ['keyword', 'semantic', 'hybrid'] as const) {
        const found = await ctx.find('gadget', { mode, filters: [eq('label', value)] });
        expect([mode, found]).toEqual([mode, [`hostile-${i}#0`]]);
      }
      expect(await docsWhere(contains('label', value))).toEqual([`hostile-${i}`]);
      expect(await docsWhere(eq('label', [value, 'unrelated']))).toEqual([`hostile-${i}`]);
    });

    it.each(cases)('%s matches nothing where it is not stored', async (_name, value) => {
      expect(await docsWhere(eq('product', value))).toEqual([]);
      expect(await docsWhere(contains('tags', value))).toEqual([]);
      expect(await docsWhere(eq(value, 'cli'))).toEqual([]);
      expect(await docsWhere(contains(value, value))).toEqual([]);
    });
  });
}
