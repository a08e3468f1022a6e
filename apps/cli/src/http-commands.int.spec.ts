import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { minimalPdf, startTestSite } from '@docqa/sources/testing';
import { startStack, type Stack } from '@docqa/system-tests/testing';
import { deletePrefix, testPrefix, testRedis } from '@docqa/testing';
import type { Redis } from 'ioredis';
import { runDocqa } from './testing/run-docqa';

const root = join(__dirname, '../../..');

describe('docqa ingest, search and ask against the stack', () => {
  let stack: Stack;
  let redis: Redis;
  const prefix = testPrefix('cli-http');

  beforeAll(async () => {
    execFileSync(process.execPath, [join(root, 'tools/build.mjs'), '--only', 'cli', '--quiet'], {
      cwd: root,
    });
    redis = testRedis();
    stack = await startStack({ prefix });
  });
  afterAll(async () => {
    await stack.close();
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  const docqa = (...args: string[]) => runDocqa(stack, ...args);

  it('ingests a folder with metadata, then finds and answers from it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'docqa-docs-'));
    mkdirSync(join(dir, 'guide'));
    writeFileSync(
      join(dir, 'guide/tokens.md'),
      '# Tokens\n\nRevoke a token with the tokens revoke command and its id. Revocation takes effect at once.\n',
    );
    writeFileSync(
      join(dir, 'widget.txt'),
      'The widget is embedded with one script tag and a container element.',
    );
    writeFileSync(join(dir, 'image.png'), 'not a document');
    writeFileSync(join(dir, 'guide/draft-tokens.md'), '# Draft\n\nRevoke tokens later.\n');

    const ingest = await docqa('ingest', dir, '--metadata', 'product=cli', '--exclude', 'draft-*');
    expect(ingest.stderr).toMatch(/Ingested 2 of 2 documents/);
    expect(ingest.code).toBe(0);

    const search = await docqa(
      'search',
      'revoke token',
      '--mode',
      'keyword',
      '--filter',
      'product=cli',
      '--limit',
      '3',
    );
    expect(search.code).toBe(0);
    const results = search.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(results[0]).toMatchObject({ document_id: 'guide/tokens.md', metadata: { product: 'cli' } });
    expect(search.stderr).toMatch(/results \(keyword/);

    const ask = await docqa('ask', 'How do I revoke a token?');
    expect(ask.code).toBe(0);
    expect(ask.stdout).toMatch(/revoke/i);
    expect(ask.stdout).toMatch(/\[\d\] Tokens/);
    expect(ask.stderr).toMatch(/chat c_[\w-]+, question q_[\w-]+/);
  }, 60_000);

  it('ingests a site through its sitemap and reports a failing page without dropping the others', async () => {
    const site = await startTestSite({
      '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nDisallow: /private/\n' },
      '/sitemap.xml': {
        type: 'application/xml',
        body: (o) =>
          '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">' +
          ['/guide/rotate', '/faq.md', '/manual.pdf', '/broken', '/private/plans']
            .map((p) => `<url><loc>${o}${p}</loc></url>`)
            .join('') +
          '</urlset>',
      },
      '/guide/rotate': {
        body:
          '<html><head><title>Rotating keys</title></head><body><nav>Home</nav>' +
          '<main><h1>Rotating keys</h1><p>Rotate the signing key every quarter with the keys rotate command.</p></main></body></html>',
      },
      '/faq.md': { type: 'text/markdown', body: '# FAQ\n\nBackups run nightly at two in the morning.\n' },
      '/manual.pdf': {
        type: 'application/pdf',
        body: minimalPdf({ lines: ['Operator manual', 'Archive the audit log monthly.'] }),
      },
      '/broken': { status: 500, body: 'oops' },
      '/private/plans': { body: '<p>secret</p>' },
    });
    try {
      const ingest = await docqa('ingest', `${site.origin}/sitemap.xml`, '--metadata', 'product=site');
      expect(ingest.stderr).toContain(`failed ${site.origin}/broken: HTTP 500`);
      expect(ingest.stderr).toContain(`skipped ${site.origin}/private/plans: disallowed by robots.txt`);
      expect(ingest.stderr).toMatch(/Loaded 3 documents \(1 skipped, 1 failed\)/);
      expect(ingest.stderr).toMatch(/Ingested 3 of 3 documents/);
      expect(ingest.code).toBe(1);
      expect(site.requests).not.toContain('/private/plans');

      const search = async (query: string) => {
        const run = await docqa(
          'search',
          query,
          '--mode',
          'keyword',
          '--filter',
          'product=site',
          '--limit',
          '1',
        );
        expect(run.code).toBe(0);
        return JSON.parse(run.stdout.trim().split('\n')[0]!);
      };
      expect(await search('rotate signing key')).toMatchObject({
        document_id: `${site.origin}/guide/rotate`,
        // A result links to its section of the page.
        url: `${site.origin}/guide/rotate#rotating-keys`,
        section: 'Rotating keys',
        title: 'Rotating keys',
      });
      expect(await search('audit log archive')).toMatchObject({
        url: `${site.origin}/manual.pdf`,
        title: 'Operator manual',
      });
    } finally {
      await site.close();
    }
  }, 60_000);

  it('ingests two files of the same name as two documents, and a re-run replaces the same two', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'docqa-faqs-'));
    try {
      mkdirSync(join(dir, 'coll/a'), { recursive: true });
      mkdirSync(join(dir, 'coll/b'), { recursive: true });
      writeFileSync(
        join(dir, 'coll/a/faq.md'),
        '# Billing FAQ\n\nInvoices are sent on the first working day.\n',
      );
      writeFileSync(
        join(dir, 'coll/b/faq.md'),
        '# Shipping FAQ\n\nParcels leave the warehouse within two days.\n',
      );
      const inDir = { ...stack, cwd: dir };
      const ingest = () =>
        runDocqa(inDir, 'ingest', 'coll/a/faq.md', 'coll/b/faq.md', '--metadata', 'product=faqs');

      const first = await ingest();
      expect(first.stderr).toMatch(/Ingested 2 of 2 documents \(\d+ new chunks, 0 unchanged, 0 failed\)/);
      expect(first.code).toBe(0);
      const again = await ingest();
      expect(again.stderr).toMatch(/Ingested 2 of 2 documents \(0 new chunks, 2 unchanged, 0 failed\)/);

      const found = async (query: string) => {
        const run = await docqa(
          'search',
          query,
          '--mode',
          'keyword',
          '--filter',
          'product=faqs',
          '--limit',
          '5',
        );
        expect(run.code).toBe(0);
        return run.stdout
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l).document_id as string);
      };
      expect((await found('invoices'))[0]).toBe('coll/a/faq.md');
      expect((await found('parcels warehouse'))[0]).toBe('coll/b/faq.md');
      expect((await found('faq')).sort()).toEqual(['coll/a/faq.md', 'coll/b/faq.md']);

      const twice = await runDocqa(inDir, 'ingest', 'coll/a/faq.md', './coll/a/faq.md');
      expect(twice.stderr).toContain('skipped ./coll/a/faq.md: the same file as coll/a/faq.md; loaded once');
      expect(twice.stderr).toMatch(/Ingested 1 of 1 documents/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('says that --tenant is not used when a token is given, which acts on its own tenant', async () => {
    const token = await stack.createToken({ tenant: 'globex', scopes: ['search'] });
    // runDocqa passes --tenant acme.
    const given = await docqa('search', 'revoke token', '--token', token);
    expect(given.code).toBe(0);
    expect(given.stderr).toContain(
      'docqa: --tenant acme is not used: the token given (--token) acts on the tenant it was created for',
    );
    const minted = await docqa('search', 'revoke token');
    expect(minted.code).toBe(0);
    expect(minted.stderr).not.toContain('is not used');
  });
});
