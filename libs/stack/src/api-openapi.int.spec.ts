import SwaggerParser from '@apidevtools/swagger-parser';
import { ScriptedAnswerer } from '@docqa/questions/testing';
import { deletePrefix, testPrefix, testRedis } from '@docqa/testing';
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
      noWorker: true,
      services: {
        retrieval: { search: async () => ({ results: [], took_ms: 0 }) },
        probes: {},
        modelProbe: async () => undefined,
      },
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
    expect(operations).toEqual(
      expect.arrayContaining([
        'POST /api/v2/question/',
        'GET /api/v2/question/{id}/',
        'GET /api/v2/question/{id}/events',
        'POST /api/v2/question/batch/',
        'POST /api/v2/question/{id}/feedback/',
        'GET /api/v2/chat/{id}/',
        'POST /api/v2/questions/',
        'POST /api/v2/conversation/',
        'GET /api/v2/settings/',
        'PUT /api/v2/admin/settings/',
        'POST /api/v2/rag/search/',
        'GET /api/v2/health',
      ]),
    );
    const ask = document.paths['/api/v2/question/'].post;
    expect(Object.keys(ask.responses)).toEqual(
      expect.arrayContaining(['201', '400', '401', '403', '409', '429']),
    );
    expect(ask.requestBody.content['application/json'].schema.$ref).toBe(
      '#/components/schemas/QuestionRequest',
    );
  });

  it('serves Swagger UI', async () => {
    const res = await fetch(`${stack.apiUrl}docs/swagger/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('swagger-ui');
  });
});
