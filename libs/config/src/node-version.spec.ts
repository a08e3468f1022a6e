import { readFileSync, readdirSync } from 'node:fs';
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

  it('is the only minimum the README, the docs and the SDK state', () => {
    const root = join(__dirname, '../../..');
    const minimum = MIN_NODE_VERSION.replace(/\.0$/, '');
    const docs = readdirSync(join(root, 'docs'))
      .filter((file) => file.endsWith('.md'))
      .map((file) => join('docs', file));
    const stated: string[] = [];
    const wrong: string[] = [];
    for (const file of ['README.md', ...docs]) {
      const text = readFileSync(join(root, file), 'utf8');
      // A minimum in any wording: "Node.js 20.19 or later", "Node 20+", "Node ≥ 18", "Node >= 20".
      for (const [statement, atLeast, orLater] of text.matchAll(
        /Node(?:\.js)?\s*(?:≥|>=)\s*(\d+(?:\.\d+)*)|Node(?:\.js)?\s+(\d+(?:\.\d+)*)(?:\+|\s+or\s+(?:later|newer))/g,
      )) {
        stated.push(statement);
        if ((atLeast ?? orLater) !== minimum) wrong.push(`${file}: ${statement}`);
      }
    }
    expect(stated.length).toBeGreaterThan(1);
    expect(wrong).toEqual([]);
    const client = JSON.parse(readFileSync(join(root, 'libs/client/package.json'), 'utf8'));
    expect(client.engines.node).toBe(`>=${minimum}`);
  });
});
