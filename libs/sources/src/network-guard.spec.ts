import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FetchFailedError } from '@docqa/errors';
import { fetchResource } from './http-fetch';
import { Agent } from 'undici';
import { isPrivateAddress, PUBLIC_NETWORKS_ONLY, publicLookup, refusePrivateNetworks } from './network-guard';

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
      '::ffff:7f00:1',
      '0.0.0.0',
      // NAT64's well-known prefix: a NAT64 gateway connects to the IPv4 address inside.
      '64:ff9b::a00:1',
      '64:ff9b::169.254.169.254',
    ])
      expect([address, isPrivateAddress(address)]).toEqual([address, true]);
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700::1111', '64:ff9b::808:808'])
      expect([address, isPrivateAddress(address)]).toEqual([address, false]);
  });

  it('judges an IPv4-compatible IPv6 address (::/96, e.g. http://[::127.0.0.1]/) by the IPv4 inside', async () => {
    for (const address of ['::127.0.0.1', '::7f00:1', '::a00:1', '::169.254.169.254', '0:0:0:0:0:0:7f00:1'])
      expect([address, isPrivateAddress(address)]).toEqual([address, true]);
    expect(isPrivateAddress('0:0:0:0:0:ffff:7f00:1')).toBe(true);
    expect(isPrivateAddress('::808:808')).toBe(false);
    await expect(refusePrivateNetworks(new URL('http://[::127.0.0.1]:8080/'))).rejects.toThrow(
      new FetchFailedError(
        '::7f00:1 is a private network address; set SOURCES_ALLOW_PRIVATE_NETWORKS=true to allow it',
      ),
    );
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
    // Through the process's fetch, and through connections of undici's own (as source syncs fetch).
    const agent = new Agent();
    try {
      for (const dispatcher of [undefined, agent]) {
        seen.length = 0;
        await expect(fetchResource(`${origin}/start`, { guard, dispatcher })).rejects.toThrow('refused');
        expect(seen).toEqual(['/start', '/inside']);
      }
      const followed = await fetchResource(`${origin}/start`, {
        guard: async () => undefined,
        dispatcher: agent,
      });
      expect([followed.url, new TextDecoder().decode(followed.body)]).toEqual([`${origin}/inside`, 'secret']);
    } finally {
      await agent.close();
      server.close();
    }
  });

  it('refuses, when it connects, a name that resolves to a private address (a checked name cannot rebind)', async () => {
    const server = createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/plain' }).end('inside'),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    // A guard that saw a public address, as a rebinding name answers the first lookup.
    const fooled = async () => undefined;
    try {
      await expect(
        fetchResource(`http://localhost:${port}/`, { guard: fooled, dispatcher: PUBLIC_NETWORKS_ONLY }),
      ).rejects.toThrow(/^localhost resolves to a private network address \((127\.0\.0\.1|::1)\)/);
      // The same request through connections that look names up as usual reaches the server.
      const agent = new Agent();
      const fetched = await fetchResource(`http://127.0.0.1:${port}/`, { guard: fooled, dispatcher: agent });
      expect(new TextDecoder().decode(fetched.body)).toBe('inside');
      await agent.close();
    } finally {
      server.close();
    }
  });

  it('looks a public name up as dns.lookup does, one address or all', async () => {
    const one = await new Promise((resolve, reject) =>
      publicLookup('8.8.8.8', {}, (err, address, family) => (err ? reject(err) : resolve([address, family]))),
    );
    expect(one).toEqual(['8.8.8.8', 4]);
    const all = await new Promise((resolve, reject) =>
      publicLookup('8.8.8.8', { all: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))),
    );
    expect(all).toEqual([{ address: '8.8.8.8', family: 4 }]);
  });
});
