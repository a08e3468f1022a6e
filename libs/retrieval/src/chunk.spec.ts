import { pageDescription, searchText } from './chunk';

describe('searchText', () => {
  const chunk = (n: number, text: string, description?: string) => ({
    chunk_id: `inflightreq.md#${n}`,
    title: 'InFlightReq',
    heading: n ? 'Options' : '',
    text,
    metadata: description === undefined ? {} : { description },
  });
  const limit = 'Limit the number of simultaneous in-flight requests.';

  it("holds a page's front-matter description in its first chunk only", () => {
    expect(searchText(chunk(0, 'The middleware caps load.', limit))).toContain('simultaneous');
    expect(searchText(chunk(1, 'Set `amount`.', limit))).not.toContain('simultaneous');
    expect(searchText(chunk(0, 'The middleware caps load.'))).not.toContain('simultaneous');
  });

  it('leaves out a description the chunk says already, word for word or mostly in its own words', () => {
    expect(
      pageDescription(chunk(0, 'limit the number of\nsimultaneous in-flight requests. More.', limit)),
    ).toBe('');
    const chain = 'The HTTP chain middleware lets you define reusable combinations of other middleware.';
    const lead =
      'The `chain` middleware enables you to define reusable combinations of other pieces of middleware.';
    expect(pageDescription(chunk(0, lead, chain))).toBe('');
    expect(pageDescription(chunk(0, 'The middleware caps load.', `  ${limit} `))).toBe(limit);
  });

  it('reads no description from a chunk without an id or a string description', () => {
    expect(pageDescription({ text: 'x', metadata: { description: limit } })).toBe('');
    expect(pageDescription({ chunk_id: 'a#0', text: 'x', metadata: { description: 3 } })).toBe('');
    expect(searchText({ title: 'T', heading: '', text: 'x' })).toBe('T\nx');
  });
});
