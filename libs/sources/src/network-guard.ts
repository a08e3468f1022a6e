import { lookup as lookupOne, type LookupAddress, type LookupOptions } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { Agent } from 'undici';
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

/**
 * Whether an IP address is loopback, private, link-local, multicast or a cloud metadata address;
 * an IPv4 address inside IPv6 (mapped, `::ffff:a.b.c.d`; IPv4-compatible, `::a.b.c.d`, which
 * some stacks still route to IPv4; or through NAT64's well-known prefix, `64:ff9b::a.b.c.d`, which
 * a NAT64 gateway turns back into IPv4) is judged as that IPv4 address.
 */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return BLOCKED.check(address, 'ipv4');
  if (family !== 6) return false;
  const inside = embeddedIPv4(address);
  return inside ? BLOCKED.check(inside, 'ipv4') : BLOCKED.check(address, 'ipv6');
}

/** Prefixes (the first six 16-bit groups) of the IPv6 ranges that carry an IPv4 address in their last 32 bits. */
const IPV4_CARRIERS = [
  [0, 0, 0, 0, 0, 0xffff], // mapped, ::ffff:0:0/96
  [0, 0, 0, 0, 0, 0], // IPv4-compatible, ::/96 (:: and ::1 too: 0.0.0.0/8, refused)
  [0x64, 0xff9b, 0, 0, 0, 0], // NAT64, 64:ff9b::/96
];

/** The IPv4 address a mapped, IPv4-compatible or NAT64 IPv6 address stands for, if it is one. */
function embeddedIPv4(address: string): string | null {
  const groups = ipv6Groups(address);
  if (!IPV4_CARRIERS.some((prefix) => prefix.every((g, i) => groups[i] === g))) return null;
  const [high, low] = [groups[6]!, groups[7]!];
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** The eight 16-bit groups of a valid IPv6 address (a zone, `%eth0`, is left out). */
function ipv6Groups(address: string): number[] {
  const [head = '', tail] = address.split('%')[0]!.toLowerCase().split('::');
  const parse = (part: string) =>
    part
      .split(':')
      .filter(Boolean)
      .flatMap((group) => {
        if (!group.includes('.')) return [parseInt(group, 16)];
        const [a, b, c, d] = group.split('.').map(Number) as [number, number, number, number];
        return [(a << 8) | b, (c << 8) | d];
      });
  const left = parse(head);
  if (tail === undefined) return left;
  const right = parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
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
  if (!isIP(host)) throw privateNetworkError(host, blocked);
  throw new FetchFailedError(
    `${host} is a private network address; set SOURCES_ALLOW_PRIVATE_NETWORKS=true to allow it`,
  );
}

/**
 * Resolves a host name as `dns.lookup` does, refusing it when any of its addresses is private:
 * the lookup of the connection itself, so a name that resolved to a public address when
 * {@link refusePrivateNetworks} checked it cannot lead elsewhere when it is connected to (DNS
 * rebinding). An address in the URL is connected to without a lookup, and checked beforehand.
 */
export function publicLookup(
  hostname: string,
  options: LookupOptions,
  callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
): void {
  lookupOne(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const blocked = addresses.find((a) => isPrivateAddress(a.address));
    if (blocked) return callback(privateNetworkError(hostname, blocked.address), []);
    if (options.all) return callback(null, addresses);
    const first = addresses[0]!;
    callback(null, first.address, first.family);
  });
}

/** Connections for fetches that must stay on public networks: every name goes through {@link publicLookup}. */
export const PUBLIC_NETWORKS_ONLY = new Agent({ connect: { lookup: publicLookup } });

function privateNetworkError(host: string, address: string): FetchFailedError {
  return new FetchFailedError(
    `${host} resolves to a private network address (${address}); set SOURCES_ALLOW_PRIVATE_NETWORKS=true to allow it`,
  );
}
