import { toDocumentId } from './document-id';

describe('document ids', () => {
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
