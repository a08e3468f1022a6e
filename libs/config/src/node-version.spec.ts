import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIN_NODE_VERSION, nodeVersionProblem } from './node-version';

describe('Node.js version check', () => {
  it('names the version needed when the running one is too old', () => {
    expect(nodeVersionProblem('18.20.4')).toBe(
      'docqa needs Node.js 20.19.0 or later (22 LTS recommended); this is Node.js 18.20.4.',
    );
    expect(nodeVersionProblem('20.18.3')).toMatch(/needs Node.js 20.19.0/);
  });

  it('accepts the minimum and anything newer', () => {
    for (const version of ['20.19.0', '20.20.2', '22.12.0', '24.1.0', 'v22.0.0'])
      expect(nodeVersionProblem(version)).toBeNull();
  });

  it('agrees with package.json engines and the Dockerfiles', () => {
    const root = join(__dirname, '../../..');
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    expect(pkg.engines.node).toBe(`>=${MIN_NODE_VERSION.replace(/\.0$/, '')}`);
    for (const file of ['Dockerfile.api', 'Dockerfile.worker']) {
      const images = [...readFileSync(join(root, 'docker', file), 'utf8').matchAll(/^FROM node:(\d+)/gm)];
      expect(images.length).toBeGreaterThan(0);
      for (const [, major] of images) expect(nodeVersionProblem(`${major}.0.0`)).toBeNull();
    }
  });
});
