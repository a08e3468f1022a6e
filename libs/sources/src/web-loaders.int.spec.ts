import { deflateSync, gzipSync } from 'node:zlib';
import { minimalPdf, startTestSite, type TestSite } from './testing';
import { loadUrl } from './url-loader';
import { loadSitemap, type PageOutcome } from './sitemap-loader';
import { loadSources } from './source-loader';

const html = (title: string, body: string) =>
  `<!doctype html><html><head><title>${title}</title><script>track()</script></head><body>` +
  `<nav><a href="/">Home</a> <a href="/guide">Guide</a></nav><main>${body}</main></body></html>`;

const urlset = (locs: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` +
  locs.map((loc) => `<url><loc>${loc}</loc></url>`).join('') +
  `</urlset>`;

const PAGES = ['/p1', '/p2', '/p3', '/p4', '/p5', '/p6'];

/** 100 MB of one HTML page: what a compressed bomb inflates to. */
const BOMB = Buffer.concat([Buffer.from('<html><body><p>'), Buffer.alloc(100 * 1024 * 1024, 0x20)]);

describe('loading pages and sitemaps over HTTP', () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startTestSite({
      // Everyone else is kept out; docqa's own group only keeps it out of /private/.
      '/robots.txt': {
        type: 'text/plain',
        body: 'User-agent: *\nDisallow: /\n\nUser-agent: docqa\nDisallow: /private/\n',
      },
      '/sitemap_index.xml': {
        type: 'application/xml',
        body: (o) =>
          `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` +
          [`${o}/sitemap-pages.xml`, `${o}/sitemap-missing.xml`, 'http://elsewhere.test/sitemap.xml']
            .map((loc) => `<sitemap><loc>${loc}</loc></sitemap>`)
            .join('') +
          `</sitemapindex>`,
      },
      '/sitemap-pages.xml': {
        type: 'application/xml',
        body: (o) =>
          urlset([
            `${o}/guide/install`,
            `${o}/guide/install#linux`,
            `${o}/guide/tokens.md`,
            `${o}/manual.pdf`,
            `${o}/private/roadmap`,
            'http://elsewhere.test/page',
            `${o}/broken`,
            `${o}/slow`,
            `${o}/logo.png`,
            ...PAGES.map((p) => `${o}${p}`),
          ]),
      },
      '/guide/install': {
        body: html(
          'Install &amp; run',
          '<h1>Install</h1><p>Run the installer.</p><pre><code>npm ci</code></pre>',
        ),
      },
      '/guide/setup.rst': { type: 'text/plain', body: 'Setup\n=====\n\nRun ``acme setup``.\n' },
      '/guide/setup.adoc': { type: 'application/octet-stream', body: '= Setup\n\nRun `acme setup`.\n' },
      '/guide/tokens.md': {
        type: 'text/markdown; charset=utf-8',
        body: '---\nproduct: cli\n---\n# Tokens\n\nRevoke a token at once.\n',
      },
      '/manual.pdf': {
        type: 'application/pdf',
        body: minimalPdf({
          lines: ['Operator manual', 'Back up the data folder.'],
          title: 'Operator manual',
        }),
      },
      '/private/roadmap': { body: html('Roadmap', '<p>Secret.</p>') },
      '/broken': { status: 500, body: html('Error', '<p>Oops</p>') },
      '/slow': { delayMs: 3000, body: html('Slow', '<p>Late.</p>') },
      '/logo.png': { type: 'image/png', body: 'png' },
      // 100 MB of HTML in ~100 KB, compressed for the wire two ways.
      '/bomb.gz': { body: gzipSync(BOMB), headers: { 'content-encoding': 'gzip' } },
      '/bomb.deflate': { body: deflateSync(BOMB), headers: { 'content-encoding': 'deflate' } },
      ...Object.fromEntries(
        PAGES.map((p) => [p, { delayMs: 80, body: html(`Page ${p}`, `<p>Text of ${p}.</p>`) }]),
      ),
    });
  });
  afterAll(() => site.close());

  describe('loadUrl', () => {
    it('loads an HTML page by its URL: title from <title>, the page kept for ingestion to convert', async () => {
      const doc = await loadUrl(`${site.origin}/guide/install#top`, { metadata: { source: 'site' } });
      expect(doc).toMatchObject({
        id: `${site.origin}/guide/install`,
        url: `${site.origin}/guide/install`,
        title: 'Install & run',
        content_type: 'text/html',
        metadata: { source: 'site' },
      });
      // Navigation and scripts go when ingestion converts it (toMarkdown's tests).
      expect(doc.content).toContain(
        '<h1>Install</h1><p>Run the installer.</p><pre><code>npm ci</code></pre>',
      );
      expect(site.userAgents.at(-1)).toMatch(/^docqa\//);
    });

    it('loads a Markdown page with its front matter as metadata', async () => {
      const doc = await loadUrl(`${site.origin}/guide/tokens.md`);
      expect(doc).toMatchObject({
        title: 'Tokens',
        content_type: 'text/markdown',
        url: `${site.origin}/guide/tokens.md`,
        metadata: { product: 'cli' },
      });
    });

    it('loads reStructuredText and AsciiDoc files served as plain text or bytes by their extension', async () => {
      const rst = await loadUrl(`${site.origin}/guide/setup.rst`);
      const adoc = await loadUrl(`${site.origin}/guide/setup.adoc`);
      expect([rst, adoc].map((d) => [d.title, d.content_type])).toEqual([
        ['Setup', 'text/x-rst'],
        ['Setup', 'text/asciidoc'],
      ]);
    });

    it('loads a PDF served as application/pdf as plain text', async () => {
      const doc = await loadUrl(`${site.origin}/manual.pdf`);
      expect(doc).toMatchObject({
        id: `${site.origin}/manual.pdf`,
        title: 'Operator manual',
        content: 'Operator manual\nBack up the data folder.',
        content_type: 'text/plain',
      });
    });

    it('fails with the reason: an error status, a time-out, a body over the cap, an unknown type', async () => {
      await expect(loadUrl(`${site.origin}/broken`)).rejects.toThrow('HTTP 500');
      await expect(loadUrl(`${site.origin}/slow`, { timeoutMs: 200 })).rejects.toThrow(
        'timed out after 0.2 s',
      );
      await expect(loadUrl(`${site.origin}/guide/install`, { maxBytes: 100 })).rejects.toThrow(/larger than/);
      await expect(loadUrl(`${site.origin}/logo.png`)).rejects.toThrow('unsupported content type image/png');
    });

    it('counts the body as it inflates: a gzip or deflate bomb stops at the cap', async () => {
      for (const path of ['/bomb.gz', '/bomb.deflate'])
        await expect(loadUrl(`${site.origin}${path}`)).rejects.toThrow('larger than 10 MB');
    });
  });

  describe('loadSitemap', () => {
    it('loads the pages of a sitemap index, skipping and reporting the rest, with bounded concurrency', async () => {
      const announced: string[] = [];
      const outcomes: PageOutcome[] = [];
      site.reset();
      const result = await loadSitemap(`${site.origin}/sitemap_index.xml`, {
        concurrency: 2,
        timeoutMs: 1000,
        onPages: (urls) => announced.push(...urls),
        onPage: (outcome) => outcomes.push(outcome),
      });
      const o = site.origin;

      expect(result.documents.map((d) => d.id)).toEqual([
        `${o}/guide/install`,
        `${o}/guide/tokens.md`,
        `${o}/manual.pdf`,
        ...PAGES.map((p) => `${o}${p}`),
      ]);
      expect(result.skipped).toEqual(
        expect.arrayContaining([
          { source: 'http://elsewhere.test/sitemap.xml', reason: `not on ${new URL(o).host}` },
          { source: 'http://elsewhere.test/page', reason: `not on ${new URL(o).host}` },
          { source: `${o}/private/roadmap`, reason: 'disallowed by robots.txt' },
        ]),
      );
      expect(result.skipped).toHaveLength(3);
      expect(result.failed).toEqual(
        expect.arrayContaining([
          { source: `${o}/sitemap-missing.xml`, reason: 'HTTP 404' },
          { source: `${o}/broken`, reason: 'HTTP 500' },
          { source: `${o}/slow`, reason: 'timed out after 1 s' },
          { source: `${o}/logo.png`, reason: 'unsupported content type image/png' },
        ]),
      );
      expect(result.failed).toHaveLength(4);

      expect(site.requests).not.toContain('/private/roadmap');
      expect(site.requests.filter((r) => r === '/guide/install')).toHaveLength(1);
      expect(site.maxInFlight()).toBe(2);
      expect(announced).toHaveLength(12);
      expect(outcomes.filter((x) => x.ok)).toHaveLength(9);
      expect(outcomes.filter((x) => !x.ok)).toHaveLength(3);
    });

    it('refuses a sitemap it cannot read', async () => {
      await expect(loadSitemap(`${site.origin}/sitemap-missing.xml`)).rejects.toThrow(/sitemap .*: HTTP 404/);
      await expect(loadSitemap(`${site.origin}/guide/install`)).rejects.toThrow(
        /not a sitemap|not well-formed/,
      );
    });

    it('fetches no page while robots.txt is unavailable', async () => {
      const down = await startTestSite({
        '/robots.txt': { status: 503, body: 'down' },
        '/sitemap.xml': { type: 'text/xml', body: (o) => urlset([`${o}/a`]) },
        '/a': { body: html('A', '<p>a</p>') },
      });
      try {
        const result = await loadSitemap(`${down.origin}/sitemap.xml`);
        expect(result.documents).toEqual([]);
        expect(result.skipped).toEqual([
          { source: `${down.origin}/a`, reason: 'robots.txt unavailable (HTTP 503)' },
        ]);
        expect(down.requests).not.toContain('/a');
      } finally {
        await down.close();
      }
    });
  });

  it('loadSources treats a URL ending in sitemap.xml as a sitemap and others as pages, each document once', async () => {
    const result = await loadSources(
      [`${site.origin}/guide/install`, `${site.origin}/broken`, `${site.origin}/sitemap-pages.xml`],
      { timeoutMs: 300, concurrency: 3 },
    );
    const ids = result.documents.map((d) => d.id);
    expect(ids.filter((id) => id === `${site.origin}/guide/install`)).toHaveLength(1);
    expect(ids).toContain(`${site.origin}/manual.pdf`);
    expect(result.failed.map((f) => f.source)).toEqual(
      expect.arrayContaining([`${site.origin}/broken`, `${site.origin}/slow`]),
    );
  });
});
