import type { SearchResult } from '@docqa/contracts';
import { asksAboutPage, pageFirst, pageKey } from './page-context';

const hit = (document_id: string, url: string | null): SearchResult => ({
  document_id,
  chunk_id: `${document_id}#0`,
  title: document_id,
  url,
  text: '',
  score: 1,
  metadata: {},
});

describe('page context', () => {
  it.each([
    'What does this page mean by a tenant?',
    'Was bedeutet diese Seite mit Mandant?',
    'Que veut dire cette page par locataire ?',
    '¿Qué significa esta página?',
    'このページの意味は？',
    '这个页面是什么意思？',
    '이 페이지는 무슨 뜻인가요?',
    'ماذا تعني هذه الصفحة؟',
  ])('reads "%s" as a question about its page', (question) => {
    expect(asksAboutPage(question)).toBe(true);
  });

  it('does not read other questions as about the page', () => {
    expect(asksAboutPage('How do I paginate results?')).toBe(false);
    expect(asksAboutPage('Which page size does the API use?')).toBe(false);
  });

  it('puts the page’s passages first, whatever their anchor, query or trailing slash', () => {
    const results = [
      hit('a', 'https://d.test/a#x'),
      hit('b', 'https://D.test/b/#y'),
      hit('c', null),
      hit('b2', 'https://d.test/b'),
    ];
    expect(pageFirst(results, 'https://d.test/b?ref=1').map((r) => r.document_id)).toEqual([
      'b',
      'b2',
      'a',
      'c',
    ]);
    expect(pageKey('https://D.test/b/#y')).toBe('https://d.test/b');
    expect(pageKey('https://d.test/#/guide/?id=y')).toBe('https://d.test#/guide');
    expect(pageKey('https://d.test/#/')).toBe('https://d.test');
  });
});
