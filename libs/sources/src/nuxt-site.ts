/** Nuxt Content's configuration (v3), beside the site's `content/` folder. */
const CONTENT_CONFIG = /^(.*\/)?content\.config\.(js|mjs|ts|mts)$/;
/** Its names, for a folder on disk. */
export const NUXT_CONTENT_CONFIGS = [
  'content.config.ts',
  'content.config.js',
  'content.config.mjs',
  'content.config.mts',
];

/**
 * The folder a Nuxt Content site's pages are read from (`content/` beside its `content.config.ts`,
 * left out of their URLs), from a repository's paths: `docs/content/` for `docs/content.config.ts`;
 * undefined when no configuration is there (at the root or one folder down).
 */
export function nuxtContentFolder(paths: readonly string[]): string | undefined {
  const config = paths.find((p) => CONTENT_CONFIG.test(p) && p.split('/').length <= 2);
  return config === undefined ? undefined : `${config.slice(0, config.lastIndexOf('/') + 1)}content/`;
}

/** Why a file of a Nuxt Content site (its path from the site's folder) is no page: outside its `content/` folder. */
export function nuxtUnpublished(rel: string, contentFolder: string): string | undefined {
  return rel.startsWith(contentFolder) ? undefined : UNPUBLISHED_NUXT;
}

/** Why a file outside a Nuxt Content site's `content/` folder is not loaded as a document. */
export const UNPUBLISHED_NUXT = "outside the Nuxt Content site's content/ folder: no page";
