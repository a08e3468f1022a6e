import type { Request } from 'express';
import { ownOrigin, ownOriginOf } from './own-origin';

/** A request that came in on `port` with these headers. */
function request(port: number, headers: Record<string, string> = {}): Request {
  return {
    socket: { localPort: port },
    get: (name: string) => headers[name.toLowerCase()],
  } as unknown as Request;
}

describe("the installation's own origin", () => {
  it('is PUBLIC_URL’s origin, and loopback on the port the request came in on, whatever Host says', () => {
    const own = ownOrigin('https://docs.example.test/base/');
    const req = request(3000, { host: 'evil.test' });
    for (const origin of [
      'https://docs.example.test',
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
    ])
      expect([origin, own(req, origin)]).toEqual([origin, true]);
    for (const origin of [
      'http://evil.test',
      'http://docs.example.test',
      'http://localhost:3001',
      'https://localhost:3000',
    ])
      expect([origin, own(req, origin)]).toEqual([origin, false]);
  });

  it('is loopback on port 80 written without its port', () => {
    expect(ownOrigin(undefined)(request(80), 'http://localhost')).toBe(true);
  });

  it('binds a token to the request’s own Origin, else to PUBLIC_URL’s, else to localhost on its port', () => {
    expect(ownOriginOf(request(3000, { origin: 'http://127.0.0.1:3000' }), undefined)).toBe(
      'http://127.0.0.1:3000',
    );
    expect(ownOriginOf(request(3000, { origin: 'http://evil.test' }), 'https://docs.example.test')).toBe(
      'https://docs.example.test',
    );
    expect(ownOriginOf(request(3000), undefined)).toBe('http://localhost:3000');
  });
});
