import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { WORKER_V8_FLAGS } from './worker-v8-flags';

const root = join(__dirname, '../../..');

describe('WORKER_V8_FLAGS', () => {
  it('are the flags the worker image starts its process with', () => {
    const cmd = /^CMD (\[.*\])$/m.exec(readFileSync(join(root, 'docker/Dockerfile.worker'), 'utf8'))?.[1];
    const args = JSON.parse(cmd ?? '[]') as string[];
    expect(args.slice(1, 1 + WORKER_V8_FLAGS.length)).toEqual(WORKER_V8_FLAGS);
  });

  it('give the worker a larger young generation than V8 gives by default', () => {
    const size = WORKER_V8_FLAGS.map((flag) => /^--max-semi-space-size=(\d+)$/.exec(flag)?.[1]).find(Boolean);
    expect(Number(size)).toBeGreaterThan(16);
  });
});
