import { pageOf } from '@docqa/chunking';
import type { SearchResult } from '@docqa/contracts';

/**
 * Words that point at the page the visitor reads, in the languages the widget speaks: "this page",
 * "cette page", "diese Seite", "このページ"…
 */
const THIS_PAGE =
  /\b(?:this|current|the) (?:page|article|doc|document|guide|section|tutorial)\b|\b(?:diese[rmns]?|aktuelle[nr]?) (?:seite|artikel|anleitung|abschnitt)\b|\b(?:cette|la) page\b|\bcet article\b|\best[ae] (?:página|pagina|artículo|artigo)\b|\bquest[ao] (?:pagina|articolo)\b|このページ|この記事|(?:这|此|本)(?:个)?(?:页面|页|文章)|이 (?:페이지|문서)|هذه الصفحة/i;

/** Whether a question asks about the page it was asked from. */
export function asksAboutPage(question: string): boolean {
  return THIS_PAGE.test(question);
}

/**
 * A page's address as pages are compared: no fragment, query or trailing slash, host in lower
 * case; a hash-routed page's route kept (`…/#/configuration`: the page of a docsify site).
 */
export function pageKey(url: string): string {
  const page = pageOf(url);
  const route = page.includes('#') ? page.slice(page.indexOf('#') + 1).replace(/\/+$/, '') : '';
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host.toLowerCase()}${u.pathname.replace(/\/+$/, '')}${route ? `#${route}` : ''}`;
  } catch {
    return url.replace(/[?#].*$/, '').replace(/\/+$/, '') + (route ? `#${route}` : '');
  }
}

/** `results` with those of the page at `pageUrl` first, each group in its own order. */
export function pageFirst(results: SearchResult[], pageUrl: string): SearchResult[] {
  const page = pageKey(pageUrl);
  const onPage = (r: SearchResult) => r.url !== null && pageKey(r.url) === page;
  return [...results.filter(onPage), ...results.filter((r) => !onPage(r))];
}
