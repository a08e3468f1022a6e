import { homedir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';

/** Schemas the settings share: their values arrive as strings from the environment. */
export const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
export const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
export const optionalString = z.string().min(1).optional();
/** `host:port,host:port`: a list of Redis nodes. */
export const hostPortList = z
  .string()
  .regex(/^[^,:\s]+:\d{1,5}(,[^,:\s]+:\d{1,5})*$/, 'must be host:port,host:port,...')
  .transform((list) =>
    list.split(',').map((node) => {
      const at = node.lastIndexOf(':');
      return { host: node.slice(0, at), port: Number(node.slice(at + 1)) };
    }),
  );

/** A folder; a leading `~` is the user's home folder. */
export const folder = z
  .string()
  .min(1)
  .transform((dir) => (dir === '~' || dir.startsWith('~/') ? join(homedir(), dir.slice(1)) : dir));
