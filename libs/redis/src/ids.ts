import { randomBytes } from 'node:crypto';

/** A random, URL-safe record id with a one-letter kind prefix: `q_…` question, `c_…` chat, `j_…` job, `d_…` document, `s_…` source, `e_…` evaluation run, `i_…` evaluation item. */
export function newId(kind: 'q' | 'c' | 'j' | 'd' | 's' | 'e' | 'i'): string {
  return `${kind}_${randomBytes(12).toString('base64url')}`;
}
