import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from '@docqa/contracts';
import { ForbiddenError } from '@docqa/errors';
import type { RouteCheck } from './auth';
import { RouteTable, type RouteSpec } from './route';

describe('RouteTable.add', () => {
  let server: Server;
  let url: string;
  let ran: string[];

  const spec = (path: string): RouteSpec<unknown, { n?: number }> => ({
    method: 'get',
    path,
    operationId: `get${path.replace(/\W/g, '')}`,
    summary: 'A route',
    description: 'A route of the spec.',
    tag: 'Health',
    scope: null,
    query: z.object({ n: z.coerce.number().int().optional() }),
    responses: { 200: { description: 'OK' } },
  });
  const check =
    (name: string, how: 'sync' | 'async' | 'throw' | 'reject'): RouteCheck =>
    () => {
      ran.push(name);
      if (how === 'throw') throw new ForbiddenError(`${name} refused`);
      if (how === 'reject') return Promise.reject(new ForbiddenError(`${name} refused`));
      if (how === 'async') return new Promise((resolve) => setTimeout(resolve, 5));
    };

  beforeAll(async () => {
    const app = express();
    const router = express.Router();
    const routes = new RouteTable(router, new OpenAPIRegistry(), '/api', () => undefined);
    const handler = async (
      _req: express.Request,
      res: express.Response,
      valid: { query: { n?: number } },
    ) => {
      ran.push('handler');
      res.json({ n: valid.query.n ?? null });
    };
    routes.add(spec('/mixed/'), handler, check('a', 'sync'), check('b', 'async'), check('c', 'sync'));
    routes.add(spec('/thrown/'), handler, check('a', 'async'), check('b', 'throw'), check('c', 'sync'));
    routes.add(spec('/rejected/'), handler, check('a', 'sync'), check('b', 'reject'), check('c', 'sync'));
    routes.add(spec('/sync-handler/'), () => {
      ran.push('handler');
      throw new ForbiddenError('the handler refused');
    });
    app.use('/api', router);
    app.use(
      (
        err: { status?: number },
        _req: express.Request,
        res: express.Response,
        _next: express.NextFunction,
      ) => {
        res.status(err.status ?? 500).json({ error: String(err) });
      },
    );
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  beforeEach(() => {
    ran = [];
  });

  it('runs the checks in order, sync and async alike, then the handler with the parsed query', async () => {
    const res = await fetch(`${url}/mixed/?n=3`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ n: 3 });
    expect(ran).toEqual(['a', 'b', 'c', 'handler']);
  });

  it('stops at a check that throws or rejects, and passes its error on', async () => {
    for (const path of ['thrown', 'rejected']) {
      ran = [];
      const res = await fetch(`${url}/${path}/`);
      expect(res.status).toBe(403);
      expect(ran).toEqual(['a', 'b']);
    }
  });

  it('answers a query its schema refuses with 400, before the handler', async () => {
    const res = await fetch(`${url}/mixed/?n=x`);
    expect(res.status).toBe(400);
    expect(ran).toEqual(['a', 'b', 'c']);
  });

  it('passes on what a synchronous handler throws', async () => {
    expect((await fetch(`${url}/sync-handler/`)).status).toBe(403);
    expect(ran).toEqual(['handler']);
  });
});
