import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import pino from 'pino';
import { Metrics } from '@docqa/metrics';
import { markRoute, requestLog } from './request-log';

describe('requestLog', () => {
  let server: Server;
  let url: string;
  let lines: Record<string, unknown>[];
  let level: pino.LevelWithSilent;

  beforeAll(async () => {
    lines = [];
    const logger = pino(
      { level: 'debug' },
      { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
    );
    const app = express();
    app.use((_req, _res, next) => {
      logger.level = level;
      next();
    });
    app.use(requestLog(logger));
    app.get('/ok', (req, res) => void res.json({ id: req.id }));
    app.get('/missing', (_req, res) => void res.status(404).end());
    app.get('/broken', (_req, res) => void res.status(503).end());
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  beforeEach(() => {
    lines.length = 0;
    level = 'debug';
  });

  // The log line is written on 'close', just after the response reaches the client.
  const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

  it('echoes a well-formed caller X-Request-Id and exposes it as req.id', async () => {
    const res = await fetch(`${url}/ok`, { headers: { 'x-request-id': 'trace-42.a' } });
    expect(res.headers.get('x-request-id')).toBe('trace-42.a');
    expect(await res.json()).toEqual({ id: 'trace-42.a' });
  });

  it('replaces a missing or malformed id with a UUID', async () => {
    for (const headers of [{}, { 'x-request-id': 'has spaces and <tags>' }] as Record<string, string>[]) {
      const res = await fetch(`${url}/ok`, { headers });
      expect(res.headers.get('x-request-id')).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
      );
    }
  });

  it('logs each request once, at a level by status, without headers', async () => {
    await fetch(`${url}/ok?x=1`, { headers: { authorization: 'Bearer secret-token' } });
    await fetch(`${url}/missing`);
    await fetch(`${url}/broken`);
    await settle();
    expect(lines.map((l) => [l.level, (l.res as { statusCode: number }).statusCode])).toEqual([
      [pino.levels.values.debug, 200],
      [pino.levels.values.info, 404],
      [pino.levels.values.error, 503],
    ]);
    expect(lines[0]).toMatchObject({
      reqId: expect.any(String),
      req: { method: 'GET', url: '/ok?x=1' },
      responseTime: expect.any(Number),
      msg: 'request completed',
    });
    expect(JSON.stringify(lines)).not.toContain('secret-token');
  });

  it('writes nothing below the logger level', async () => {
    level = 'info';
    await fetch(`${url}/ok`);
    await fetch(`${url}/missing`);
    await settle();
    expect(lines.map((l) => (l.res as { statusCode: number }).statusCode)).toEqual([404]);
  });

  it('counts a request by its route template, mount path included, also when its handler fails', async () => {
    const metrics = new Metrics('api');
    const app = express();
    app.use(requestLog(pino({ level: 'silent' }), metrics));
    const router = express.Router();
    router.get('/things/:id/', (req, res) => {
      markRoute(req, res);
      res.json({ id: req.params.id });
    });
    router.get('/gone/:id/', async (req, res) => {
      markRoute(req, res);
      throw new Error('not found');
    });
    app.use('/api/v2', router);
    // The error reaches the app's handler after the router restored req.baseUrl.
    app.use((_err: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
      res.status(404).end();
    });
    const other = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => other.once('listening', resolve));
    const base = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    try {
      expect((await fetch(`${base}/api/v2/things/1/`)).status).toBe(200);
      expect((await fetch(`${base}/api/v2/gone/1/`)).status).toBe(404);
      await settle();
      const counted = (await metrics.httpRequests.get()).values.map((v) => [v.labels.route, v.value]);
      expect(counted).toEqual([
        ['/api/v2/things/:id/', 1],
        ['/api/v2/gone/:id/', 1],
      ]);
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });
});
