import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FetchFailedError } from '@docqa/errors';
import { fetchResource } from './http-fetch';
import { isPrivateAddress, refusePrivateNetworks } from './network-guard';

describe('refusing private networks', () => {
  it('knows loopback, private, link-local and metadata addresses from public ones', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '0.0.0.0',
    ])
      expect([address, isPrivateAddress(address)]).toEqual([address, true]);
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700::1111'])
      expect([address, isPrivateAddress(address)]).toEqual([address, false]);
  });

  it('refuses a URL whose host is, or resolves to, a private address', async () => {
    await expect(refusePrivateNetworks(new URL('http://127.0.0.1:8080/'))).rejects.toThrow(
      new FetchFailedError(
        '127.0.0.1 is a private network address; set SOURCES_ALLOW_PRIVATE_NETWORKS=true to allow it',
      ),
    );
    await expect(refusePrivateNetworks(new URL('http://localhost/'))).rejects.toThrow(
      /^localhost resolves to a private network address \((127\.0\.0\.1|::1)\); set SOURCES_ALLOW_PRIVATE_NETWORKS=true/,
    );
    await expect(refusePrivateNetworks(new URL('http://[::1]/'))).rejects.toThrow(
      /SOURCES_ALLOW_PRIVATE_NETWORKS/,
    );
  });

  it('checks the guard again on every redirect', async () => {
    const server = createServer((req, res) => {
      if (req.url === '/start') res.writeHead(302, { location: '/inside' }).end();
      else res.writeHead(200, { 'content-type': 'text/plain' }).end('secret');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const seen: string[] = [];
    const guard = async (url: URL) => {
      seen.push(url.pathname);
      if (url.pathname === '/inside') throw new FetchFailedError('refused');
    };
    try {
      await expect(fetchResource(`${origin}/start`, { guard })).rejects.toThrow('refused');
      expect(seen).toEqual(['/start', '/inside']);
    } finally {
      server.close();
    }
  });
});
