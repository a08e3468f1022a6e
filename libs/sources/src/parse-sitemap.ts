import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** The URLs a sitemap lists: pages (`urlset`) or further sitemaps (`sitemapindex`). */
export interface ParsedSitemap {
  kind: 'urlset' | 'sitemapindex';
  /** The `<loc>` values in document order, trimmed. */
  locations: string[];
}

const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  isArray: (name) => name === 'url' || name === 'sitemap',
});

/**
 * Parses a sitemap or sitemap index (sitemaps.org protocol 0.9) with an XML parser. Throws when
 * the text is not well-formed XML or has neither a `<urlset>` nor a `<sitemapindex>` root.
 */
export function parseSitemap(xml: string): ParsedSitemap {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new Error(`not well-formed XML: ${valid.err.msg} (line ${valid.err.line})`);
  const doc = parser.parse(xml) as {
    urlset?: { url?: { loc?: unknown }[] } | '';
    sitemapindex?: { sitemap?: { loc?: unknown }[] } | '';
  };
  if (doc.sitemapindex !== undefined)
    return { kind: 'sitemapindex', locations: locationsOf(doc.sitemapindex ? doc.sitemapindex.sitemap : []) };
  if (doc.urlset !== undefined)
    return { kind: 'urlset', locations: locationsOf(doc.urlset ? doc.urlset.url : []) };
  throw new Error('not a sitemap: no <urlset> or <sitemapindex>');
}

function locationsOf(entries: { loc?: unknown }[] = []): string[] {
  return entries.flatMap((e) => (typeof e.loc === 'string' && e.loc.trim() ? [e.loc.trim()] : []));
}
