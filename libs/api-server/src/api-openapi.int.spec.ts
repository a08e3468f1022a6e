import SwaggerParser from '@apidevtools/swagger-parser';
import { Document, Spectral } from '@stoplight/spectral-core';
import { Json } from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ScriptedAnswerer } from '@docqa/answering/testing';
import { deletePrefix, launchChromium, testPrefix, testRedis } from '@docqa/testing';
import type { Redis } from 'ioredis';
import { startStack, type Stack } from '@docqa/system-tests/testing';

const root = join(__dirname, '../../..');

/**
 * openapi-typescript's output for `document`, formatted as the repo formats `file`. Both run as
 * their CLIs: they load ES modules, which jest cannot.
 */
function generateTypes(document: unknown, banner: string, file: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'docqa-openapi-'));
  try {
    writeFileSync(join(dir, 'openapi.json'), JSON.stringify(document));
    const generator = join(root, 'node_modules/openapi-typescript/bin/cli.js');
    execFileSync(
      process.execPath,
      [generator, join(dir, 'openapi.json'), '-o', join(dir, 'types.ts'), '--default-non-nullable', 'false'],
      {
        stdio: 'pipe',
      },
    );
    const prettier = join(root, 'node_modules/prettier/bin/prettier.cjs');
    return execFileSync(process.execPath, [prettier, '--stdin-filepath', file], {
      input: banner + readFileSync(join(dir, 'types.ts'), 'utf8'),
      cwd: root,
      encoding: 'utf8',
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

interface Operation {
  operationId?: string;
  description?: string;
  tags?: string[];
  requestBody?: { content: Record<string, { schema?: { $ref?: string; example?: unknown } }> };
}

describe('API documentation', () => {
  let stack: Stack;
  let redis: Redis;
  const prefix = testPrefix('docs');

  beforeAll(async () => {
    redis = testRedis();
    stack = await startStack({
      prefix,
      answerer: new ScriptedAnswerer(),
      // The real services, so every route group (documents, jobs) is mounted and checked.
      noWorker: true,
    });
  });
  afterAll(async () => {
    await stack.close();
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  it('serves a valid OpenAPI 3.1 document listing every route with its errors', async () => {
    const res = await fetch(`${stack.apiUrl}docs/openapi.json`);
    expect(res.status).toBe(200);
    const document = await res.json();
    await SwaggerParser.validate(structuredClone(document));
    const operations = Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(stack.operations.length).toBeGreaterThanOrEqual(17);
    expect(operations.sort()).toEqual([...stack.operations].sort());
    const ask = document.paths['/api/v2/question/'].post;
    expect(Object.keys(ask.responses)).toEqual(
      expect.arrayContaining(['201', '400', '401', '403', '409', '429']),
    );
    expect(ask.requestBody.content['application/json'].schema.$ref).toBe(
      '#/components/schemas/QuestionRequest',
    );
  });

  it.each([
    ['/api/v2/question/', 'post', ['ask']],
    ['/api/v2/rag/search/', 'post', ['search']],
    ['/api/v2/documents/{id}/chunks', 'get', ['ingest']],
    ['/api/v2/admin/tokens/', 'get', ['admin']],
    ['/api/v2/mcp', 'post', ['search', 'ask']],
  ])('names the scope %s (%s) needs, in its description and its 403', async (path, method, scopes) => {
    const document = await (await fetch(`${stack.apiUrl}docs/openapi.json`)).json();
    const op = document.paths[path][method];
    const named = scopes.map((scope) => `\`${scope}\``).join(' or ');
    expect(op.description).toContain(`Needs a token with the ${named} `);
    expect(op.responses['403'].description).toContain(`The token lacks the ${named} `);
  });

  it("passes Spectral's OpenAPI ruleset, but for the specification's trailing-slash paths", async () => {
    const document = await (await fetch(`${stack.apiUrl}docs/openapi.json`)).text();
    const spectral = new Spectral();
    // `spectral:oas` as the Spectral CLI applies it; the paths with a trailing slash are the
    // specification's (POST /question/), kept as they are.
    spectral.setRuleset({
      extends: [[oas as never, 'recommended']],
      rules: { 'path-keys-no-trailing-slash': 'off' },
    });
    const results = await spectral.run(new Document(document, Json));
    expect(results.map((r) => `${r.code} at ${r.path.join('.')}: ${r.message}`)).toEqual([]);

    // Beyond the ruleset: every operation is named, described and tagged, every body has an example.
    const parsed = JSON.parse(document);
    const operations = Object.values(parsed.paths as Record<string, Record<string, Operation>>).flatMap(
      (ops) => Object.values(ops),
    );
    expect(new Set(operations.map((o) => o.operationId)).size).toBe(operations.length);
    for (const op of operations) {
      expect(op.description?.length).toBeGreaterThan(40);
      expect(parsed.tags.map((t: { name: string }) => t.name)).toContain(op.tags?.[0]);
      const body = op.requestBody?.content['application/json']?.schema;
      if (!body) continue;
      const schema = body.$ref ? parsed.components.schemas[body.$ref.split('/').at(-1)!] : body;
      expect({ operationId: op.operationId, example: schema.example }).toEqual({
        operationId: op.operationId,
        example: expect.anything(),
      });
    }
  });

  it('matches the client types generated from it, which the SDK type-checks against', async () => {
    // libs/client/src/openapi-types.ts is openapi-typescript's output for this document (a default
    // makes a field optional, as the API treats it);
    // libs/client/src/openapi-drift.ts holds the SDK's calls to it, checked by `npm run typecheck`.
    const document = await (await fetch(`${stack.apiUrl}docs/openapi.json`)).json();
    const file = join(__dirname, '../../client/src/openapi-types.ts');
    const banner =
      '// Generated by openapi-typescript from /api/v2/docs/openapi.json: UPDATE_OPENAPI_TYPES=1 npx jest api-openapi\n';
    const generated = generateTypes(document, banner, file);
    if (process.env.UPDATE_OPENAPI_TYPES === '1') writeFileSync(file, generated);
    expect(readFileSync(file, 'utf8')).toBe(generated);
  });

  it.each(['docs/swagger', 'docs/swagger/'])(
    'serves Swagger UI at %s, which loads the document and lists every operation',
    async (path) => {
      const browser = await launchChromium();
      try {
        const page = await browser.newPage();
        await page.goto(`${stack.apiUrl}${path}`);
        await page.locator('.opblock').first().waitFor({ timeout: 15_000 });
        expect(await page.locator('.opblock').count()).toBe(stack.operations.length);
        await expect(page.locator('.info .title').textContent()).resolves.toContain('docqa API');
      } finally {
        await browser.close();
      }
    },
  );
});
