import { parseSitemap } from './parse-sitemap';

describe('parseSitemap', () => {
  it('lists the pages of a urlset, entities decoded', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
      <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
        <url><loc> https://docs.example.com/a?x=1&amp;y=2 </loc><lastmod>2025-01-01</lastmod></url>
        <url><loc>https://docs.example.com/b</loc></url>
      </urlset>`;
    expect(parseSitemap(xml)).toEqual({
      kind: 'urlset',
      locations: ['https://docs.example.com/a?x=1&y=2', 'https://docs.example.com/b'],
    });
  });

  it('lists the sitemaps of a sitemap index', () => {
    const xml = `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
      <sitemap><loc>https://docs.example.com/sitemap-1.xml</loc></sitemap></sitemapindex>`;
    expect(parseSitemap(xml)).toEqual({
      kind: 'sitemapindex',
      locations: ['https://docs.example.com/sitemap-1.xml'],
    });
  });

  it('accepts an empty urlset', () => {
    expect(parseSitemap('<urlset></urlset>')).toEqual({ kind: 'urlset', locations: [] });
  });

  it('refuses XML that is not a sitemap, and text that is not XML', () => {
    expect(() => parseSitemap('<html><body>hi</body></html>')).toThrow(/not a sitemap/);
    expect(() => parseSitemap('<urlset><url><loc>x</url>')).toThrow(/not well-formed XML/);
  });
});
