import { normaliseUrl, toDocumentId, urlDocumentId } from './document-id';

describe('document ids', () => {
  it('normalises a URL: host lower-cased, default port and fragment dropped', () => {
    expect(normaliseUrl('HTTPS://Docs.Example.com:443/Guide/Install#linux')).toBe(
      'https://docs.example.com/Guide/Install',
    );
    expect(() => normaliseUrl('ftp://example.com/x')).toThrow(/not an http\(s\) URL/);
    expect(() => normaliseUrl('not a url')).toThrow(/not a URL/);
  });

  it('makes a URL an id the documents API accepts', () => {
    expect(urlDocumentId('https://docs.example.com/search?q=a b&x=1#top')).toBe(
      'https://docs.example.com/search-q-a-20b-x-1',
    );
  });

  it('replaces characters ids cannot hold', () => {
    expect(toDocumentId('guide\\my page (v2).md')).toBe('guide/my-page-v2-.md');
  });

  it('shortens long ids with a hash that keeps them distinct', () => {
    const a = toDocumentId(`${'x/'.repeat(150)}a.md`);
    const b = toDocumentId(`${'x/'.repeat(150)}b.md`);
    expect(a).toHaveLength(200);
    expect(a).not.toBe(b);
  });
});
