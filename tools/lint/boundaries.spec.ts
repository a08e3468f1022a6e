import { execFile } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = join(__dirname, '../..');

/** The rule ids lint reports for each fixture, linted as a file of the workspace at `file`. */
async function lint(fixtures: { file: string; code: string }[]): Promise<Record<string, string[]>> {
  const { stdout } = await run(process.execPath, ['tools/lint/lint-fixtures.mjs', JSON.stringify(fixtures)], {
    cwd: root,
    maxBuffer: 10 * 1024 * 1024,
  });
  const results = JSON.parse(stdout) as { file: string; rules: string[] }[];
  return Object.fromEntries(results.map((r) => [r.file, r.rules]));
}

const use = (alias: string, name: string) =>
  `import { ${name} } from '${alias}';\n\nexport const used = ${name};\n`;

describe('module boundaries', () => {
  let rules: Record<string, string[]>;

  beforeAll(async () => {
    rules = await lint([
      { file: 'libs/mcp/src/fixture-sync.ts', code: use('@docqa/sync', 'SourceService') },
      { file: 'libs/sync/src/fixture-ingest.ts', code: use('@docqa/ingest', 'DocumentService') },
      { file: 'libs/sync/src/fixture-composition.ts', code: use('@docqa/composition', 'composeApi') },
      { file: 'libs/testing/src/fixture-composition.ts', code: use('@docqa/composition', 'composeApi') },
      { file: 'apps/api/src/fixture-composition.ts', code: use('@docqa/composition', 'composeApi') },
      {
        file: 'libs/system-tests/src/fixture-composition.spec.ts',
        code: use('@docqa/composition', 'composeWorker'),
      },
      {
        file: 'libs/api-server/src/fixture-stack.spec.ts',
        code: use('@docqa/system-tests/testing', 'startStack'),
      },
      { file: 'apps/cli/src/fixture-stack.spec.ts', code: use('@docqa/system-tests/testing', 'startStack') },
      {
        file: 'libs/api-server/src/fixture-stack.ts',
        code: use('@docqa/system-tests/testing', 'startStack'),
      },
      { file: 'libs/testing/src/fixture-stack.ts', code: use('@docqa/system-tests/testing', 'startStack') },
      { file: 'libs/sync/src/fixture-config.ts', code: use('@docqa/config', 'loadConfig') },
      { file: 'libs/composition/src/fixture-config.ts', code: use('@docqa/config', 'loadConfig') },
    ]);
  }, 120_000);

  it('refuses a feature lib importing a feature lib its allow-list does not name (mcp → sync)', () => {
    expect(rules['libs/mcp/src/fixture-sync.ts']).toEqual(['docqa/feature-imports']);
  });

  it('lets a feature lib import a feature lib its allow-list names (sync → ingest)', () => {
    expect(rules['libs/sync/src/fixture-ingest.ts']).toEqual([]);
  });

  it('refuses the composition to feature libs and test helpers', () => {
    expect(rules['libs/sync/src/fixture-composition.ts']).toEqual(['@nx/enforce-module-boundaries']);
    expect(rules['libs/testing/src/fixture-composition.ts']).toEqual(['@nx/enforce-module-boundaries']);
  });

  it('lets the API’s and the apps’ specs start the system tests’ stack', () => {
    expect(rules['libs/api-server/src/fixture-stack.spec.ts']).toEqual([]);
    expect(rules['apps/cli/src/fixture-stack.spec.ts']).toEqual([]);
  });

  it('refuses the stack to shipped files and to the test helpers it is built on', () => {
    expect(rules['libs/api-server/src/fixture-stack.ts']).toEqual(['no-restricted-imports']);
    expect(rules['libs/testing/src/fixture-stack.ts']).toEqual(['@nx/enforce-module-boundaries']);
  });

  it('keeps the Config to the roots: a lib importing @docqa/config fails, the composition may', () => {
    expect(rules['libs/sync/src/fixture-config.ts']).toEqual(['no-restricted-imports']);
    expect(rules['libs/composition/src/fixture-config.ts']).toEqual([]);
  });

  it('lets apps and system tests import the composition', () => {
    expect(rules['apps/api/src/fixture-composition.ts']).toEqual([]);
    expect(rules['libs/system-tests/src/fixture-composition.spec.ts']).toEqual([]);
  });
});

describe('lint without a project graph', () => {
  const dir = mkdtempSync(join(tmpdir(), 'docqa-graph-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('fails, saying the boundaries cannot be checked, rather than skipping the rule', async () => {
    // A workspace whose graph cannot be built: a project.json that is not JSON.
    writeFileSync(join(dir, 'nx.json'), JSON.stringify({ useDaemonProcess: false }));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'broken', private: true }));
    mkdirSync(join(dir, 'libs/broken'), { recursive: true });
    writeFileSync(join(dir, 'libs/broken/project.json'), '{ "name": "broken", ');
    const loader = `import { projectGraphOrFail } from ${JSON.stringify(join(root, 'tools/lint/project-graph.mjs'))};\nawait projectGraphOrFail();`;
    const failed = run(process.execPath, ['--input-type=module', '-e', loader], {
      cwd: dir,
      env: { ...process.env, NX_DAEMON: 'false', NX_WORKSPACE_ROOT_PATH: dir },
    });
    await expect(failed).rejects.toMatchObject({
      stderr: expect.stringContaining('the Nx project graph cannot be built'),
    });
  }, 120_000);
});
