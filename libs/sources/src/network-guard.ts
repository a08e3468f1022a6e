import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { FetchFailedError } from '@docqa/errors';

/** Address ranges a server-side fetch must not reach: loopback, private, link-local, metadata. */
const BLOCKED = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  BLOCKED.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['fd00:ec2::', 32],
] as const)
  BLOCKED.addSubnet(net, bits, 'ipv6');

/** Whether an IP address is loopback, private, link-local, multicast or a cloud metadata address. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return BLOCKED.check(address, 'ipv4');
  if (family !== 6) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  return mapped ? BLOCKED.check(mapped, 'ipv4') : BLOCKED.check(address, 'ipv6');
}

/**
 * Refuses a URL whose host is, or resolves to, a private address (see {@link isPrivateAddress}).
 * Used as `FetchOptions.guard`, so it runs before the first request and before every redirect.
 */
export async function refusePrivateNetworks(url: URL): Promise<void> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host)
    ? [host]
    : await lookup(host, { all: true }).then(
        (found) => found.map((a) => a.address),
        (err: NodeJS.ErrnoException) => {
          throw new FetchFailedError(`cannot resolve ${host}: ${err.code ?? err.message}`, { cause: err });
        },
      );
  const blocked = addresses.find(isPrivateAddress);
  if (!blocked) return;
  // An address names itself; a name says where it led.
  const what = isIP(host)
    ? 'is a private network address'
    : `resolves to a private network address (${blocked})`;
  throw new FetchFailedError(`${host} ${what}; set SOURCES_ALLOW_PRIVATE_NETWORKS=true to allow it`);
}
