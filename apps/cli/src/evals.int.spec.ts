import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import type { Redis } from 'ioredis';
import { startStack, type Stack } from '@docqa/system-tests/testing';
import { deletePrefix, testPrefix, testRedis } from '@docqa/testing';
import { runDocqa } from './testing/run-docqa';

const root = join(__dirname, '../../..');

const documents = [
  {
    id: 'tokens',
    title: 'Tokens',
    url: 'https://docs.example/tokens',
    content:
      '# Tokens\n\nCreate a token with the tokens create command of the CLI.\n\n## Revoking\n\nRevoke a token with tokens revoke and its id. Revocation takes effect at once.',
    content_type: 'text/markdown',
  },
];

describe('docqa eval (import, run with JUnit and exit codes, list)', () => {
  let stack: Stack;
  let redis: Redis;
  let dir: string;
  const prefix = testPrefix('cli-evals');
  const docqa = (...args: string[]) => runDocqa({ ...stack, cwd: dir }, ...args);

  beforeAll(async () => {
    execFileSync(process.execPath, [join(root, 'tools/build.mjs'), '--only', 'cli', '--quiet'], {
      cwd: root,
    });
    redis = testRedis();
    dir = mkdtempSync(join(tmpdir(), 'docqa-evals-'));
    stack = await startStack({ prefix });
    const token = await stack.createToken({ tenant: 'acme', scopes: ['ingest'] });
    const res = await fetch(`${stack.apiUrl}documents/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ documents }),
    });
    expect(res.status).toBe(202);
    await stack.waitUntilIdle();
  }, 120_000);
  afterAll(async () => {
    await stack.close();
    await deletePrefix(redis, prefix);
    await redis.quit();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a file with bad lines, listing each with its reason, exit code 1, nothing imported', async () => {
    writeFileSync(join(dir, 'bad.jsonl'), '{"question":"fine"}\n{"question":"x","expect":{"key":1}}\nnope\n');
    const run = await docqa('eval', 'import', 'bad.jsonl', '--set', 'docs');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('bad.jsonl: line 2: expect: Unrecognized key: "key"');
    expect(run.stderr).toContain('bad.jsonl: line 3: not valid JSON');
    expect((await docqa('eval', 'list')).stdout).toBe('No evaluation sets.\n');
  }, 120_000);

  it('imports a CSV file and lists the set', async () => {
    writeFileSync(
      join(dir, 'docs.csv'),
      'question,key_strings,gold_urls,not_covered\nHow do I revoke a token?,tokens revoke,https://docs.example/tokens,\n' +
        'What is the weather on Mars in July?,,,true\nHow do I create a token?,,,\n',
    );
    const imported = await docqa('eval', 'import', 'docs.csv', '--set', 'docs');
    expect(imported).toMatchObject({ code: 0, stdout: 'docs: 3 items\n' });
    expect((await docqa('eval', 'list')).stdout).toMatch(/^docs\s+3\s+-/m);
  }, 120_000);

  it('runs the set, prints a table, writes JUnit XML with a test case per item, exits 0', async () => {
    const run = await docqa('eval', 'run', '--set', 'docs', '--junit', 'report.xml');
    expect(run.stderr).toContain('3 items');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/correct\s+\d+\s+How do I revoke a token\?/);
    expect(run.stdout).toContain('2 correct, 0 missing, 0 incorrect, 1 unscored; hit@1 100 %');
    const xml = new XMLParser({ ignoreAttributes: false }).parse(
      readFileSync(join(dir, 'report.xml'), 'utf8'),
    );
    const suite = xml.testsuites.testsuite;
    expect(suite).toMatchObject({ '@_name': 'docs', '@_tests': '3', '@_failures': '0', '@_skipped': '1' });
    expect(suite.testcase.map((c: { '@_name': string }) => c['@_name'])).toEqual([
      'How do I revoke a token?',
      'What is the weather on Mars in July?',
      'How do I create a token?',
    ]);
    expect(suite.testcase[2].skipped).toEqual({ '@_message': 'no expectations to score by' });
  }, 120_000);

  it('exits 1 and lists the regression with both answers once the gold document is gone', async () => {
    const token = await stack.createToken({ tenant: 'acme', scopes: ['ingest'] });
    const res = await fetch(`${stack.apiUrl}documents/tokens`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(204);
    const run = await docqa('eval', 'run', '--set', 'docs', '--junit', 'after.xml');
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/against e_\S+: 1 regression\(s\), 0 fixed/);
    expect(run.stdout).toMatch(/✗ How do I revoke a token\?\n\s+before \(correct\): .*tokens revoke/);
    const xml = new XMLParser({ ignoreAttributes: false }).parse(
      readFileSync(join(dir, 'after.xml'), 'utf8'),
    );
    expect(xml.testsuites.testsuite.testcase[0].failure['@_message']).toMatch(/^regression: missing: /);
  }, 120_000);

  it('prints the run as JSON with --json, comparing with a named baseline', async () => {
    const runs = await fetch(`${stack.apiUrl}evals/docs/runs`, {
      headers: { authorization: `Bearer ${await stack.createToken({ tenant: 'acme', scopes: ['admin'] })}` },
    });
    const oldest = (await runs.json()).runs.at(-1).id;
    const run = await docqa('eval', 'run', '--set', 'docs', '--baseline', oldest, '--json');
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout).comparison).toMatchObject({
      baseline_run_id: oldest,
      regressions: [{ item_id: expect.any(String) }],
    });
  }, 120_000);
});
