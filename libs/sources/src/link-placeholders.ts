import { rewriteLinks } from './markdown-links';

/**
 * A placeholder a docs site's build fills in a link's target: Grafana's docs (Loki, Mimir, Tempo,
 * Alloy…) write `https://grafana.com/docs/loki/<LOKI_VERSION>/configure/` some 600 times in
 * Loki's pages alone, and the site puts the version of the page the link is on in its place.
 */
const PLACEHOLDER = /<[A-Z][A-Z\d]*(?:_[A-Z\d]+)*>/;

/**
 * Markdown whose link targets hold a placeholder where the base URL holds a folder given the
 * same way (`…/docs/loki/<LOKI_VERSION>/x/` under `…/docs/loki/latest/`: `…/docs/loki/latest/x/`),
 * with that folder put in, as the site's build does for the pages published there. A placeholder
 * the base URL does not place (another product's version) is left, as are links in code.
 */
export function linkPlaceholdersFilled(markdown: string, baseUrl: string): string {
  if (!PLACEHOLDER.test(markdown)) return markdown;
  return rewriteLinks(markdown, (target) => {
    const placeholder = PLACEHOLDER.exec(target);
    if (!placeholder) return null;
    let before: string;
    try {
      before = new URL(target.slice(0, placeholder.index), baseUrl).href;
    } catch {
      return null;
    }
    if (!before.endsWith('/') || !baseUrl.startsWith(before)) return null;
    const folder = baseUrl.slice(before.length).split(/[/?#]/)[0];
    return folder ? target.split(placeholder[0]).join(folder) : null;
  });
}
