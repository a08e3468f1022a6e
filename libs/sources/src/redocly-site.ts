import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pagePath, type PageFront } from './published-url';

/**
 * What a Redocly project's folders say of its pages: for each folder holding version folders
 * (`@v1/`, `@v2/`), its default version, which the site publishes without its folder.
 */
export interface RedoclySite {
  defaults: Map<string, string>;
}

/** A version folder's segment: `@v2`, `@1.0`; not Redocly's own `@theme` and `@l10n`. */
const VERSION_SEGMENT = /^@(?!theme$|l10n$)(.+)$/;

/**
 * A Redocly project from its files' paths and the text of the `versions.yaml` beside its version
 * folders (`text(folder)`, `folder` ending in `/` or empty for the root): each such folder's
 * default version, the `default` its `versions.yaml` names, else the highest name in
 * alphanumeric order (`@v10` over `@v9`), as Redocly chooses it.
 */
export async function redoclySite(
  rels: readonly string[],
  text: (folder: string) => Promise<string | undefined>,
): Promise<RedoclySite> {
  const versions = new Map<string, Set<string>>();
  for (const rel of rels) {
    const segments = rel.split('/');
    segments.slice(0, -1).forEach((segment, i) => {
      const version = VERSION_SEGMENT.exec(segment)?.[1];
      if (!version) return;
      const folder = segments
        .slice(0, i)
        .map((s) => `${s}/`)
        .join('');
      versions.set(folder, (versions.get(folder) ?? new Set()).add(version));
    });
  }
  const defaults = new Map<string, string>();
  for (const [folder, names] of versions) {
    const named = /^default:\s*['"]?([^'"\s#]+)/m.exec((await text(folder)) ?? '')?.[1];
    const highest = [...names].sort((a, b) => a.localeCompare(b, 'en', { numeric: true })).at(-1)!;
    defaults.set(folder, named && names.has(named) ? named : highest);
  }
  return { defaults };
}

/** A Redocly project on disk, in the folder loaded (see {@link redoclySite}). */
export function redoclySiteOnDisk(root: string, rels: readonly string[]): Promise<RedoclySite> {
  return redoclySite(rels, (folder) =>
    readFile(join(root, folder, 'versions.yaml'), 'utf8').catch(() => undefined),
  );
}

/**
 * The path of a Redocly page under the site's base: a version folder of its folder's default
 * version left out (`@v2/commands/lint.md` → `commands/lint`), another's named without its `@`
 * (`@v1/commands/lint.md` → `v1/commands/lint`), as redocly.com publishes Redocly CLI's docs; the
 * rest as any Markdown page's (`index.md` its folder's page).
 */
export function redoclyPagePath(rel: string, front: PageFront, site: RedoclySite): string {
  const segments = rel.split('/');
  const kept = segments.flatMap((segment, i) => {
    const version = i < segments.length - 1 ? VERSION_SEGMENT.exec(segment)?.[1] : undefined;
    if (version === undefined) return [segment];
    const folder = segments
      .slice(0, i)
      .map((s) => `${s}/`)
      .join('');
    return site.defaults.get(folder) === version ? [] : [version];
  });
  return pagePath(kept.join('/'), { dialect: 'redocly', front });
}

/** The docs version of a Redocly page: its version folder's name (`@v1/…` → `v1`); undefined outside one. */
export function redoclyVersion(rel: string): string | undefined {
  return rel
    .split('/')
    .slice(0, -1)
    .map((segment) => VERSION_SEGMENT.exec(segment)?.[1])
    .filter((v) => v !== undefined)
    .at(-1);
}

/**
 * Why Redocly publishes a file as no page: one in a folder named with a leading `_` (`_partials/`,
 * `_code-snippets/`: what pages put in), in its theme (`@theme/`) or among its translations
 * (`@l10n/`).
 */
export function redoclyUnpublished(rel: string): string | undefined {
  const folders = rel.split('/').slice(0, -1);
  if (folders.some((f) => f.startsWith('_'))) return UNPUBLISHED_REDOCLY_PARTIAL;
  if (folders.includes('@theme')) return "part of the Redocly project's theme: no page";
  return folders.includes('@l10n')
    ? "a translation in the Redocly project's @l10n folder: no page"
    : undefined;
}

/** Why a file in a Redocly project's `_`-folder (`_partials/`) is not loaded as a document. */
export const UNPUBLISHED_REDOCLY_PARTIAL =
  'in a Redocly folder named with a leading _ (a partial or snippet pages put in): no page';
