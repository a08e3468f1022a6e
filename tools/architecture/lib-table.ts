/**
 * The generated part of docs/architecture.md: every project with its layer (its `type:*` tag),
 * scope, what its entry says it holds, and the docqa libs its shipped code imports, read from
 * the project.json files, tsconfig.base.json's aliases and the sources themselves.
 * `npm run docs:architecture` writes it; a spec fails when the doc has drifted from the code.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** One Nx project as the doc shows it. */
export interface ProjectInfo {
  name: string;
  /** Folder, relative to the workspace (`libs/sync`). */
  root: string;
  /** `app`, `composition`, `feature`, … (the `type:*` tag). */
  layer: string;
  /** `server`, `client`, … (the `scope:*` tag); none for test projects. */
  scope?: string;
  /** First sentence of the TSDoc at the top of `src/index.ts` (apps: `src/main.ts`), when it has one. */
  holds?: string;
  /** Projects its shipped files import (specs, testing entries and e2e left out). */
  uses: string[];
}

/** The layers, top to bottom, as the doc orders them. */
export const LAYERS = ['app', 'composition', 'feature', 'data-access', 'util', 'contracts', 'testing', 'e2e'];

const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.data', '.nx', 'coverage']);

function walk(dir: string, visit: (file: string) => void): void {
  for (const name of readdirSync(dir)) {
    if (SKIPPED_DIRS.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, visit);
    else visit(path);
  }
}

/** Whether a file ships (is not a spec, a testing entry, or browser tests). */
function ships(file: string): boolean {
  return file.endsWith('.ts') && !file.endsWith('.spec.ts') && !/(^|\/)(testing|e2e)(\/|\.ts$)/.test(file);
}

/** The workspace's projects, ordered by layer then name. */
export function readProjects(workspaceRoot: string): ProjectInfo[] {
  const rel = (p: string) => relative(workspaceRoot, p).split(sep).join('/');
  const files: string[] = [];
  for (const top of ['apps', 'libs']) walk(join(workspaceRoot, top), (f) => files.push(rel(f)));
  const projects = files
    .filter((f) => f.endsWith('/project.json'))
    .map((f) => {
      const json = JSON.parse(readFileSync(join(workspaceRoot, f), 'utf8')) as {
        name: string;
        tags?: string[];
      };
      const tag = (axis: string) => json.tags?.find((t) => t.startsWith(`${axis}:`))?.slice(axis.length + 1);
      return {
        name: json.name,
        root: f.slice(0, -'/project.json'.length),
        layer: tag('type') ?? '?',
        scope: tag('scope'),
      };
    });
  const owner = (file: string) =>
    projects.filter((p) => file.startsWith(`${p.root}/`)).sort((a, b) => b.root.length - a.root.length)[0];
  const paths = (
    JSON.parse(readFileSync(join(workspaceRoot, 'tsconfig.base.json'), 'utf8')) as {
      compilerOptions: { paths: Record<string, string[]> };
    }
  ).compilerOptions.paths;
  const uses = new Map(projects.map((p) => [p.name, new Set<string>()]));
  for (const file of files.filter(ships)) {
    const source = owner(file);
    if (!source) continue;
    const text = readFileSync(join(workspaceRoot, file), 'utf8');
    for (const [, alias] of text.matchAll(/(?:from|import)\s*\(?\s*'(@docqa\/[^']+)'/g)) {
      const target = paths[alias!]?.[0] && owner(paths[alias!]![0]!);
      if (target && target.name !== source.name) uses.get(source.name)!.add(target.name);
    }
  }
  return projects
    .map((p) => ({
      ...p,
      holds:
        entryDoc(join(workspaceRoot, p.root, 'src/index.ts')) ??
        entryDoc(join(workspaceRoot, p.root, 'src/main.ts')),
      uses: [...uses.get(p.name)!].sort(),
    }))
    .sort((a, b) => LAYERS.indexOf(a.layer) - LAYERS.indexOf(b.layer) || a.name.localeCompare(b.name));
}

/** The first sentence of the TSDoc that opens a lib's entry, if any. */
function entryDoc(indexFile: string): string | undefined {
  if (!existsSync(indexFile)) return undefined;
  const doc = /^\/\*\*([\s\S]*?)\*\//.exec(readFileSync(indexFile, 'utf8'));
  if (!doc) return undefined;
  const text = doc[1]!
    .replace(/^\s*\*\s?/gm, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return /^(.*?\.)(\s|$)/.exec(text)?.[1] ?? text;
}

/** The Markdown the doc holds between its `<!-- generated: libs -->` markers. */
export function libsSection(workspaceRoot: string): string {
  const projects = readProjects(workspaceRoot);
  const layerOf = new Map(projects.map((p) => [p.name, p.layer]));
  const lines = [
    '| Layer | Project | Folder | Scope | Holds | Uses (shipped code) |',
    '|---|---|---|---|---|---|',
  ];
  for (const p of projects)
    lines.push(
      `| ${p.layer} | \`${p.name}\` | \`${p.root}\` | ${p.scope ?? ''} | ${p.holds ?? ''} | ${p.uses.map((u) => `\`${u}\``).join(', ')} |`,
    );
  // The diagram: shipped projects by layer, and their imports of libs above utils and contracts
  // (every project uses those; drawing them would hide the rest).
  const drawn = projects.filter((p) => !['testing', 'e2e'].includes(p.layer));
  const hidden = new Set(['util', 'contracts']);
  const diagram = ['```mermaid', 'flowchart TB'];
  for (const layer of LAYERS.filter((l) => drawn.some((p) => p.layer === l))) {
    diagram.push(`  subgraph layer_${layer.replace('-', '_')}["${layer}"]`);
    for (const p of drawn.filter((d) => d.layer === layer))
      diagram.push(`    ${p.name.replace(/-/g, '_')}["${p.name}"]`);
    diagram.push('  end');
  }
  for (const p of drawn)
    for (const u of p.uses)
      if (!hidden.has(layerOf.get(u) ?? '') && drawn.some((d) => d.name === u))
        diagram.push(`  ${p.name.replace(/-/g, '_')} --> ${u.replace(/-/g, '_')}`);
  diagram.push('```');
  return [...diagram, '', ...lines].join('\n');
}

/** Markers around the generated part of docs/architecture.md. */
export const BEGIN = '<!-- generated: libs (npm run docs:architecture) -->';
export const END = '<!-- end generated: libs -->';

/** The doc with its generated part replaced by `section`. */
export function withSection(doc: string, section: string): string {
  const start = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/architecture.md lacks the markers ${BEGIN} … ${END}`);
  return `${doc.slice(0, start + BEGIN.length)}\n\n${section}\n\n${doc.slice(end)}`;
}
