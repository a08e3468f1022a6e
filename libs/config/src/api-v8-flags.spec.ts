import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { API_V8_FLAGS } from './api-v8-flags';

const root = join(__dirname, '../../..');

describe('API_V8_FLAGS', () => {
  it('are the flags the API image starts its process with', () => {
    const cmd = /^CMD (\[.*\])$/m.exec(readFileSync(join(root, 'docker/Dockerfile.api'), 'utf8'))?.[1];
    const args = JSON.parse(cmd ?? '[]') as string[];
    expect(args.slice(1, 1 + API_V8_FLAGS.length)).toEqual(API_V8_FLAGS);
  });

  it('are the flags `npm run bench:api` measures the API with', () => {
    const scripts = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts;
    expect(scripts['bench:api']).toContain(`node ${API_V8_FLAGS.join(' ')} dist/tools/bench/api/main.js`);
  });
});
