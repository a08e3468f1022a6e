import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import request from 'supertest';
import { slug } from '@docqa/chunking';
import { demoDocsRoutes, renderPage } from './demo-docs';
import { demoRoutes } from './demo-page';

describe('demo docs pages', () => {
  it('renders headings with the anchors the chunker gives sections, and .md links as page links', () => {
    const html = renderPage(
      '---\ntitle: CLI\n---\n# Command line\n## `ingest` files\n## Usage\n## Usage\nSee [tokens](tokens.md#create-a-token).',
    );
    expect(html).toContain('<title>CLI · docqa demo</title>');
    expect(html).toContain(`<h2 id="${slug('`ingest` files')}"><code>ingest</code> files</h2>`);
    expect(html).toContain('<h2 id="usage">Usage</h2>\n<h2 id="usage-1">Usage</h2>');
    expect(html).toContain('<a href="tokens#create-a-token">tokens</a>');
  });

  it('serves a page at its published path, an index at the folder, and nothing outside the folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'docqa-demo-docs-'));
    writeFileSync(join(dir, 'cli.md'), '# CLI\n## ingest\nText.');
    writeFileSync(join(dir, 'index.md'), '# Home');
    const app = express();
    const router = express.Router();
    demoDocsRoutes(router, { docsDir: dir, csp: "default-src 'self'" });
    app.use(router);
    const page = await request(app).get('/demo/docs/cli').expect(200);
    expect(page.text).toContain('<h2 id="ingest">ingest</h2>');
    expect(page.text).toContain('<title>CLI · docqa demo</title>');
    expect(page.headers['content-security-policy']).toBe("default-src 'self'");
    expect((await request(app).get('/demo/docs/').expect(200)).text).toContain('<h1 id="home">Home</h1>');
    await request(app).get('/demo/docs/missing').expect(404);
    await request(app).get('/demo/docs/..%2Fetc%2Fpasswd').expect(404);
  });

  it('serves the icon every page of the origin asks for, so no page logs a missing favicon', async () => {
    const app = express();
    const router = express.Router();
    demoRoutes(router, { basePath: '/api/v2' });
    app.use(router);
    for (const path of ['/favicon.ico', '/favicon.svg']) {
      const icon = await request(app).get(path).expect(200);
      expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    }
    expect(renderPage('# Page')).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
  });
});
