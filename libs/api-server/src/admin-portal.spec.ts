import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { ADMIN_CSP, adminPortalRoutes } from './admin-portal';
import { problemHandler } from './http/problem-handler';

describe('serving the administration portal at /admin/', () => {
  let dir: string;
  let app: express.Express;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'docqa-admin-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><admin-app></admin-app>');
    writeFileSync(join(dir, 'assets/main-ABCD1234.js'), 'export {};');
    app = express();
    adminPortalRoutes(app, { adminDir: dir });
    app.use(problemHandler(pino({ level: 'silent' })));
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('serves the page with a CSP that allows no inline script or style', async () => {
    const res = await request(app).get('/admin/').expect(200);
    expect(res.text).toContain('<admin-app>');
    expect(res.headers['content-security-policy']).toBe(ADMIN_CSP);
    expect(ADMIN_CSP).toContain("script-src 'self';");
    expect(ADMIN_CSP).toContain("style-src 'self';");
    expect(ADMIN_CSP).not.toContain('unsafe-inline');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers a deep link with the page, so the app opens it', async () => {
    const res = await request(app).get('/admin/conversations/c_123').expect(200);
    expect(res.text).toContain('<admin-app>');
    await request(app).get('/admin').expect(200);
  });

  it('caches content-hashed assets for a year', async () => {
    const res = await request(app).get('/admin/assets/main-ABCD1234.js').expect(200);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['content-security-policy']).toBe(ADMIN_CSP);
  });

  it('answers a missing asset with a 404 problem, not the page', async () => {
    const res = await request(app).get('/admin/assets/gone-XYZ.js').expect(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });

  it('serves nothing when the portal is not built', async () => {
    const bare = express();
    adminPortalRoutes(bare, { adminDir: join(dir, 'missing') });
    await request(bare).get('/admin/').expect(404);
  });
});
