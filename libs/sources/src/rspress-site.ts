import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { PageUrlStyle } from '@docqa/contracts';
import { pathFilter } from './path-filter';

/** Rspress's configuration files, at a project's root beside its docs folder. */
const RSPRESS_CONFIGS = [
  'rspress.config.ts',
  'rspress.config.mts',
  'rspress.config.js',
  'rspress.config.mjs',
];

/** What an Rspress configuration says of its pages. */
export interface RspressSettings {
  /** `clean` with `route.cleanUrls: true`, else `html` (Rspress's default: `guide/start.html`). */
  pageUrls: PageUrlStyle;
  /** Its docs folder (`root`, `docs` by default), from the configuration's folder, ending in `/`. */
  root: string;
  /** Globs of the files its routes leave out (`route.exclude`), from the docs folder. */
  excludes: string[];
}

/**
 * An Rspress configuration's settings from its text, read with patterns, not run (it is a
 * program): `route.cleanUrls`, `route.exclude` and `root`.
 */
export function rspressSettings(config: string): RspressSettings {
  const route = objectText(config, 'route');
  const excluded = /\bexclude\s*:\s*\[([^\]]*)\]/.exec(route)?.[1] ?? '';
  const root = /^\s*root\s*:\s*['"`]([^'"`]+)['"`]/m.exec(config)?.[1];
  return {
    pageUrls: /\bcleanUrls\s*:\s*true\b/.test(route) ? 'clean' : 'html',
    root: `${(root ?? 'docs').replace(/^\.\//, '').replace(/\/+$/, '')}/`,
    excludes: [...excluded.matchAll(/['"`]([^'"`]+)['"`]/g)].map((m) => m[1]!),
  };
}

/** An Rspress project of a folder loaded: its configuration in the folder (a project's root) or the folder above (its docs folder's). */
export interface RspressSite extends RspressSettings {
  /** The folder of the pages, from the folder loaded: its `root` when the configuration is in it, else none. */
  pages: string;
}

/** The Rspress project of a folder loaded (see {@link RspressSite}); undefined without a configuration. */
export async function rspressSite(folder: string): Promise<RspressSite | undefined> {
  for (const [dir, inFolder] of [
    [folder, true],
    [dirname(folder), false],
  ] as const)
    for (const name of RSPRESS_CONFIGS) {
      const text = await readFile(join(dir, name), 'utf8').catch(() => undefined);
      if (text === undefined) continue;
      const settings = rspressSettings(text);
      return { ...settings, pages: inFolder ? settings.root : '' };
    }
  return undefined;
}

/**
 * Why an Rspress project publishes a file as no page (its path from the folder loaded): outside
 * its docs folder, or a file its `route.exclude` names; undefined for a page.
 */
export function rspressUnpublished(
  site: Pick<RspressSite, 'pages' | 'excludes'>,
): (rel: string) => string | undefined {
  const passes = pathFilter({ exclude: site.excludes });
  return (rel) => {
    if (!rel.startsWith(site.pages)) return "outside the Rspress project's docs folder: no page";
    return passes(rel.slice(site.pages.length)) ? undefined : UNPUBLISHED_RSPRESS;
  };
}

/** Why a file an Rspress configuration's `route.exclude` names is not loaded as a document. */
export const UNPUBLISHED_RSPRESS =
  "excluded from the site's routes by its Rspress configuration's route.exclude: no page";

/** The text of the object literal a key of the configuration holds (`route: { … }`), braces balanced; empty when absent. */
function objectText(config: string, key: string): string {
  const start = new RegExp(`\\b${key}\\s*:\\s*\\{`).exec(config);
  if (!start) return '';
  let depth = 0;
  for (let i = start.index + start[0].length - 1; i < config.length; i++) {
    if (config[i] === '{') depth++;
    else if (config[i] === '}' && --depth === 0) return config.slice(start.index + start[0].length, i);
  }
  return config.slice(start.index + start[0].length);
}
