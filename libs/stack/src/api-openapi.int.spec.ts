import SwaggerParser from '@apidevtools/swagger-parser';
import { ScriptedAnswerer } from '@docqa/questions/testing';
import { deletePrefix, launchChromium, testPrefix, testRedis } from '@docqa/testing';
import type { Redis } from 'ioredis';
import { startStack, type Stack } from './start-stack';

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
