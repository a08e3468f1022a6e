import { randomFillSync } from 'node:crypto';

/** Random bytes of an id. */
const ID_BYTES = 12;

/**
 * Random bytes for many ids, drawn from the system's CSPRNG in one call and each used once (as
 * `crypto.randomUUID` caches its entropy): a call of `randomBytes` per id cost several µs, a
 * good part of a question's CPU time in the API (docs/benchmarks.md, "API overhead (issue 43)").
 */
const pool = Buffer.alloc(ID_BYTES * 256);
let offset = pool.length;

/** A random, URL-safe record id with a one-letter kind prefix: `q_…` question, `c_…` chat, `j_…` job, `d_…` document, `s_…` source, `e_…` evaluation run, `i_…` evaluation item. */
export function newId(kind: 'q' | 'c' | 'j' | 'd' | 's' | 'e' | 'i'): string {
  if (offset === pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  const start = offset;
  offset += ID_BYTES;
  return `${kind}_${pool.toString('base64url', start, offset)}`;
}
