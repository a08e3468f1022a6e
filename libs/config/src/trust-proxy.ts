import { isIP, isIPv4 } from 'node:net';
import { z } from 'zod';

/** One entry of an Express `trust proxy` list: a named range, an address, or a subnet. */
function isProxyRange(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [ip = '', bits, ...rest] = entry.split('/');
  const version = isIP(ip);
  if (!version || rest.length) return false;
  if (bits === undefined) return true;
  if (/^\d{1,3}$/.test(bits)) return Number(bits) <= (version === 4 ? 32 : 128);
  return version === 4 && isIPv4(bits);
}

/** Express's `trust proxy`: `true`, `false`, a hop count, or a comma-separated list of ranges. */
export const trustProxy = z
  .string()
  .trim()
  .refine(
    (v) => /^(true|false|\d+)$/.test(v) || v.split(',').every((entry) => isProxyRange(entry.trim())),
    'must be true, false, a number of hops, or addresses and subnets (10.0.0.0/8) and loopback, linklocal, uniquelocal, separated by commas',
  );
