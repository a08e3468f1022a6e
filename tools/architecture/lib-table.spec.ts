import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BEGIN, END, libsSection, readProjects, withSection } from './lib-table';

const root = join(__dirname, '../..');
const doc = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
/** The doc as prettier may lay it out or not: table cells padded or not. */
const unpadded = (text: string) => text.replace(/ *\| */g, '|').replace(/-{3,}/g, '---');

describe('docs/architecture.md', () => {
  it('holds the projects by layer as the code has them (run `npm run docs:architecture` after a change)', () => {
    expect(unpadded(doc)).toBe(unpadded(withSection(doc, libsSection(root))));
  });

  it('names only libs and folders that exist', () => {
    const aliases = Object.keys(
      (
        JSON.parse(readFileSync(join(root, 'tsconfig.base.json'), 'utf8')) as {
          compilerOptions: { paths: Record<string, string[]> };
        }
      ).compilerOptions.paths,
    );
    const prose = doc.slice(0, doc.indexOf(BEGIN)) + doc.slice(doc.indexOf(END));
    const libs = [...prose.matchAll(/@docqa\/[a-z-]+(?:\/[a-z-]+)?/g)].map((m) => m[0]);
    const folders = [...prose.matchAll(/\b(?:apps|libs|tools)\/[\w./-]*\w/g)].map((m) => m[0]);
    expect(libs.length).toBeGreaterThan(5);
    expect(libs.filter((l) => !aliases.includes(l))).toEqual([]);
    expect(folders.filter((f) => !existsSync(join(root, f)))).toEqual([]);
  });
});

describe('readProjects', () => {
  const projects = readProjects(root);
  const named = (name: string) => projects.find((p) => p.name === name);

  it('reads each project’s layer and scope from its tags', () => {
    expect(named('composition')).toMatchObject({
      root: 'libs/composition',
      layer: 'composition',
      scope: 'server',
    });
    expect(named('widget')).toMatchObject({ layer: 'app', scope: 'client' });
  });

  it('lists what shipped code imports, leaving out specs and testing entries', () => {
    expect(named('api')!.uses).toContain('composition');
    expect(named('composition')!.uses).toEqual(expect.arrayContaining(['api-server', 'worker-runtime']));
    // The API's specs start the system tests' stack, which composes the API: none of it ships.
    expect(named('api-server')!.uses).not.toContain('system-tests');
    expect(named('api-server')!.uses).not.toContain('composition');
    expect(named('api-server')!.uses).not.toContain('testing');
  });
});
