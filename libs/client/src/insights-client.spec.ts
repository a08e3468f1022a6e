import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { InsightsClient } from './insights-client';

describe('InsightsClient', () => {
  let server: Server;
  const urls: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      urls.push(req.url!);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(req.url!.includes('conversations') ? { items: [], next_cursor: null } : {}));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends a period given as Dates or strings as the API reads it', async () => {
    const { port } = server.address() as AddressInfo;
    const client = new InsightsClient({ baseUrl: `http://127.0.0.1:${port}/api/v2/`, token: 'dq_test' });
    await client.insights({ from: new Date('2026-11-01T00:00:00Z'), to: '2026-11-08', interval: 'week' });
    await client.gaps({ from: '2026-11-01T08:00:00+02:00' });
    await client.conversations({ to: new Date('2026-11-08T12:30:00Z'), channel: 'widget' });
    expect(urls).toEqual([
      '/api/v2/admin/insights/?from=2026-11-01T00%3A00%3A00.000Z&to=2026-11-08&interval=week',
      '/api/v2/admin/gaps/?from=2026-11-01T08%3A00%3A00%2B02%3A00',
      '/api/v2/admin/conversations/?to=2026-11-08T12%3A30%3A00.000Z&channel=widget',
    ]);
  });
});
