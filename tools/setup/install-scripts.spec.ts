import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(__dirname, '../..');
const read = (file: string) => JSON.parse(readFileSync(join(root, file), 'utf8'));

describe('install scripts', () => {
  const policy: Record<string, boolean> = read('package.json').allowScripts ?? {};
  const lock: { packages: Record<string, { hasInstallScript?: boolean; version?: string }> } =
    read('package-lock.json');
  /** Name of every installed package whose install script npm 11 would ask about. */
  const withScripts = Object.entries(lock.packages)
    .filter(([path, entry]) => path && entry.hasInstallScript && existsSync(join(root, path)))
    .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));

  it('are each allowed or denied by package.json allowScripts, so npm ci warns about none', () => {
    expect(withScripts.length).toBeGreaterThan(0);
    expect(withScripts.filter((name) => !(name in policy))).toEqual([]);
  });

  it('run for no package: the platform binaries come as optional dependencies, telemetry is denied', () => {
    expect(Object.entries(policy).filter(([, allowed]) => allowed !== false)).toEqual([]);
    expect(policy['@scarf/scarf']).toBe(false);
  });

  it('run in the Docker images neither, whose npm 10 does not read allowScripts', () => {
    for (const file of ['docker/Dockerfile.api', 'docker/Dockerfile.worker']) {
      const installs = readFileSync(join(root, file), 'utf8').match(/npm ci .*/g) ?? [];
      expect(installs.length).toBeGreaterThan(0);
      for (const install of installs) expect(install).toContain('--ignore-scripts');
    }
  });
});
