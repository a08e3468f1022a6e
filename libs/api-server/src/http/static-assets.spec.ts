import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { getRaw } from '@docqa/testing';
import request from 'supertest';
import { staticAssets } from './static-assets';

/** Writes a file with the `.br` and `.gz` copies the build writes beside it. */
function writeCompressed(file: string, text: string): void {
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, brotliCompressSync(text));
  writeFileSync(`${file}.gz`, gzipSync(text));
}

/** A built folder: a stable entry, a content-hashed chunk, and a small file left uncompressed. */
function builtFolder(): { dir: string; entry: string } {
  const dir = mkdtempSync(join(tmpdir(), 'docqa-assets-'));
  mkdirSync(join(dir, 'chunks'));
  const entry = `export const text = ${JSON.stringify('the widget module '.repeat(200))};\n`;
  writeCompressed(join(dir, 'entry.js'), entry);
  writeCompressed(join(dir, 'chunks', 'markdown-AB12CD34.js'), `export const md = "${'x'.repeat(4000)}";\n`);
  writeFileSync(join(dir, 'tiny.js'), 'export {};\n');
  return { dir, entry };
}

describe('staticAssets', () => {
  const { dir, entry } = builtFolder();
  const app = express().use('/widget', staticAssets(dir, { entryMaxAgeSeconds: 300, crossOrigin: true }));
  let server: Server;
  let origin: string;
  beforeAll(async () => {
    server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends the brotli copy when the client accepts br, and gzip when it accepts only gzip', async () => {
    const br = await getRaw(`${origin}/widget/entry.js`, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toBe('Accept-Encoding');
    expect(br.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(brotliDecompressSync(br.body).toString()).toBe(entry);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(entry.length / 10);

    const gz = await getRaw(`${origin}/widget/entry.js`, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(entry);
  });

  it('sends the file as it is to a client that accepts no encoding', async () => {
    const plain = await request(app).get('/widget/entry.js').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toBe('Accept-Encoding');
    expect(plain.text).toBe(entry);
  });

  it('caches the stable entry briefly with an ETag, and hashed chunks for a year as immutable', async () => {
    const first = await request(app).get('/widget/entry.js').set('Accept-Encoding', 'br');
    expect(first.headers['cache-control']).toBe('public, max-age=300');
    expect(first.headers['access-control-allow-origin']).toBe('*');
    const etag = first.headers['etag'];
    expect(etag).toBeTruthy();
    const again = await request(app)
      .get('/widget/entry.js')
      .set('Accept-Encoding', 'br')
      .set('If-None-Match', etag!);
    expect(again.status).toBe(304);

    const chunk = await request(app).get('/widget/chunks/markdown-AB12CD34.js').set('Accept-Encoding', 'br');
    expect(chunk.headers['content-encoding']).toBe('br');
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends a file without compressed copies as it is, and passes unknown files on', async () => {
    const tiny = await request(app).get('/widget/tiny.js').set('Accept-Encoding', 'br');
    expect(tiny.status).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect((await request(app).get('/widget/missing.js')).status).toBe(404);
  });
});
