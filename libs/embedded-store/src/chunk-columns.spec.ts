import { tableToIPC } from 'apache-arrow';
import { chunkColumns } from './chunk-columns';
import type { EmbeddedChunk } from '@docqa/retrieval';

const chunk = (i: number, extra: Partial<EmbeddedChunk> = {}): EmbeddedChunk => ({
  tenant: 't',
  document_id: `d${i}`,
  chunk_id: `d${i}#0`,
  title: `Title ${i}`,
  url: null,
  heading: 'Install › Linux',
  text: `text ${i}`,
  metadata: { i },
  vector: [i, 0.5, -1],
  ...extra,
});

describe('chunkColumns', () => {
  it('writes every field in table order, multi-byte text intact, a missing URL as empty', () => {
    const table = chunkColumns([
      chunk(1),
      chunk(2, { url: 'https://d.example/é#x', text: 'naïve — 文字', metadata: { i: 2, version: '2.x' } }),
    ]);
    expect(table.schema.fields.map((f) => f.name)).toEqual([
      'chunk_id',
      'tenant',
      'document_id',
      'search_text',
      'vector',
      'result',
      'version',
    ]);
    const rows = table.toArray().map((row) => row.toJSON() as Record<string, unknown>);
    expect(rows.map((r) => [r['chunk_id'], r['tenant'], r['document_id'], r['search_text']])).toEqual([
      ['d1#0', 't', 'd1', 'Title 1\nInstall › Linux\ntext 1\nqqhlinux'],
      ['d2#0', 't', 'd2', 'Title 2\nInstall › Linux\nnaïve — 文字\nqqhlinux'],
    ]);
    expect([...(table.getChild('vector')!.get(1) as Iterable<number>)]).toEqual([2, 0.5, -1]);
    // What a search reads back, in one list per row (RESULT_FIELDS order).
    expect([...(table.getChild('result')!.get(0) as Iterable<string>)]).toEqual([
      'd1#0',
      'd1',
      'Title 1',
      '',
      'Install › Linux',
      'text 1',
      '{"i":1}',
    ]);
    expect([...(table.getChild('result')!.get(1) as Iterable<string>)]).toEqual([
      'd2#0',
      'd2',
      'Title 2',
      'https://d.example/é#x',
      'Install › Linux',
      'naïve — 文字',
      '{"i":2,"version":"2.x"}',
    ]);
    // The document's version in a column of its own, null for none.
    expect([...(table.getChild('version')! as Iterable<string | null>)]).toEqual([null, '2.x']);
  });

  it("writes views of one typed array (the embedder thread's reply) as it writes arrays", () => {
    // Numbers a float32 rounds, one below its smallest normal, and one past its range.
    const arrays = [
      [0.1, 1 / 3, -2 / 7],
      [1e-40, Math.PI, 3.4e39],
    ];
    const reply = new Float64Array(arrays.flat());
    const views = arrays.map((_, i) => reply.subarray(i * 3, i * 3 + 3));
    const written = (vectors: ArrayLike<number>[]) =>
      tableToIPC(chunkColumns(vectors.map((vector, i) => chunk(i, { vector }))));
    expect(Buffer.from(written(views)).equals(Buffer.from(written(arrays)))).toBe(true);
  });

  it('refuses chunks whose vectors differ in size', () => {
    expect(() => chunkColumns([chunk(1), chunk(2, { vector: [1, 2] })])).toThrow('2 dimensions, not 3');
  });
});
