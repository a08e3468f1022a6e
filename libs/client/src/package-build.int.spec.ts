import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = join(__dirname, '..');

describe('the published @docqa/client package', () => {
  beforeAll(() => {
    execFileSync(process.execPath, [join(root, 'build.mjs')], { cwd: join(root, '../..'), stdio: 'pipe' });
  }, 60_000);

  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    exports: { '.': { types: string; import: string; require: string } };
  };

  it('loads as CommonJS and as an ES module with the same API', async () => {
    const exports = manifest.exports['.'];
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const cjs = require(join(root, exports.require)) as Record<string, unknown>;
    const esm = (await import(pathToFileURL(join(root, exports.import)).href)) as Record<string, unknown>;
    for (const api of [cjs, esm]) {
      expect(typeof api.DocqaClient).toBe('function');
      expect(typeof api.DocqaProblemError).toBe('function');
      expect(typeof api.readAnswerEvents).toBe('function');
    }
    expect(Object.keys(esm).sort()).toEqual(Object.keys(cjs).sort());
  });

  it('ships self-contained typings: no import of the monorepo libraries', () => {
    const types = readFileSync(join(root, manifest.exports['.'].types), 'utf8');
    expect(types).toContain('export declare class DocqaClient');
    expect(types).not.toMatch(/from ['"]@docqa\//);
  });
});
