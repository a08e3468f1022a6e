import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import matter from 'gray-matter';
import picomatch from 'picomatch';

/** A collection of a Jekyll site (`_docs/`, `_posts/`): whether it is published, and where. */
interface JekyllCollection {
  output: boolean;
  /** Its documents' URL template (`/:collection/:path/`), if its configuration names one. */
  permalink?: string;
}

/** What a Jekyll site's `_config.yml` says of its pages. */
export interface JekyllSite {
  /** The path the site is served under (`/project` on a project's GitHub Pages), without a trailing `/`. */
  baseurl: string;
  /** The site's URL template for pages and posts (`permalink`): a style's name or a template. */
  permalink: string;
  collections: Map<string, JekyllCollection>;
  /** Whether a path is left out of the site (`exclude`, and Jekyll's own defaults). */
  excluded(rel: string): boolean;
  /** Whether a path Jekyll would pass over (a leading `_` or `.`) is read all the same (`include`). */
  included(rel: string): boolean;
}

/** The templates of Jekyll's permalink styles, for posts. */
const STYLES: Record<string, string> = {
  date: '/:categories/:year/:month/:day/:title:output_ext',
  pretty: '/:categories/:year/:month/:day/:title/',
  ordinal: '/:categories/:year/:y_day/:title:output_ext',
  weekdate: '/:categories/:year/W:week/:short_day/:title:output_ext',
  none: '/:categories/:title:output_ext',
};
/** What Jekyll 4 always leaves out, whatever `exclude` says. */
const DEFAULT_EXCLUDES = [
  '.sass-cache',
  '.jekyll-cache',
  'gemfiles',
  'Gemfile',
  'Gemfile.lock',
  'node_modules',
  'vendor/bundle/',
  'vendor/cache/',
  'vendor/gems/',
  'vendor/ruby/',
];
/** A post's file name: its date, then its title (`2024-06-23-jekyll-3-10-0-released.markdown`). */
const POST = /^(\d{4})-(\d{2})-(\d{2})-(.+?)\.[^.]+$/;
/** Extensions Jekyll renders to HTML. */
const RENDERED = /\.(md|markdown|mkd|mkdn|mdown|html?)$/i;

/**
 * The data of a YAML file of a Jekyll site (its `_config.yml`, a data file), which may open with a
 * `---` document marker; undefined when it is not YAML.
 */
export function yamlData(yaml: string): unknown {
  try {
    return matter(`---\n${yaml.replace(/^---[ \t]*\r?\n/, '')}\n---\n`).data ?? {};
  } catch {
    return undefined;
  }
}

/** A Jekyll site's settings from the text of its `_config.yml` (Jekyll's defaults where it says nothing). */
export function jekyllSettings(yaml: string): JekyllSite {
  const read = yamlData(yaml);
  const config = (read && typeof read === 'object' && !Array.isArray(read) ? read : {}) as Record<
    string,
    unknown
  >;
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const list = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  const collections = new Map<string, JekyllCollection>([['posts', { output: true }]]);
  const configured = config['collections'];
  const named = Array.isArray(configured)
    ? configured.map((name): [string, Record<string, unknown> | null] => [String(name), null])
    : Object.entries((configured as Record<string, Record<string, unknown> | null>) ?? {});
  for (const [name, settings] of named)
    collections.set(name, {
      output: name === 'posts' || settings?.['output'] === true,
      permalink: text(settings?.['permalink']),
    });
  const matches = (patterns: string[]) => {
    const globs = patterns.filter((p) => /[*?[{]/.test(p)).map((p) => picomatch(p, { dot: true }));
    const paths = patterns.filter((p) => !/[*?[{]/.test(p)).map((p) => p.replace(/^\.?\/+|\/+$/g, ''));
    return (rel: string) =>
      paths.some((p) => rel === p || rel.startsWith(`${p}/`)) ||
      globs.some((glob) => rel.split('/').some((_, i, all) => glob(all.slice(0, i + 1).join('/'))));
  };
  return {
    baseurl: (text(config['baseurl']) ?? '').replace(/\/+$/, ''),
    permalink: text(config['permalink']) ?? 'date',
    collections,
    excluded: matches([...DEFAULT_EXCLUDES, ...list(config['exclude'])]),
    included: matches(list(config['include'])),
  };
}

/** A site as Jekyll builds one whose `_config.yml` was not read. */
export const JEKYLL_DEFAULTS: JekyllSite = jekyllSettings('');

/** A folder's Jekyll site: the settings of its `_config.yml`; undefined when it has none. */
export async function jekyllSite(folder: string): Promise<JekyllSite | undefined> {
  const yaml = await readFile(join(folder, '_config.yml'), 'utf8').catch(() => undefined);
  return yaml === undefined ? undefined : jekyllSettings(yaml);
}

/** The collection a path belongs to (`_docs/x.md` → `docs`), if its first folder names one. */
function collectionOf(rel: string, site: JekyllSite): string | undefined {
  const first = /^_([^/]+)\//.exec(rel)?.[1];
  return first && site.collections.has(first) ? first : undefined;
}

/**
 * Why Jekyll publishes a file of its site as no page: left out by `exclude` (or Jekyll's own
 * defaults: `Gemfile`, `node_modules`, `vendor/bundle`); in a folder or named with a leading `_`
 * or `.` (layouts, includes, data, Sass, drafts) and not listed under `include`, unless in a
 * collection that is published (`_posts`, `_docs` with `output: true`); undefined for a page.
 */
export function jekyllUnpublished(rel: string, site: JekyllSite): string | undefined {
  if (site.excluded(rel)) return UNPUBLISHED_JEKYLL_EXCLUDED;
  const collection = collectionOf(rel, site);
  if (collection) return site.collections.get(collection)!.output ? undefined : UNPUBLISHED_JEKYLL_FOLDER;
  const hidden = rel.split('/').some((segment) => /^[_.]/.test(segment));
  return hidden && !site.included(rel) ? UNPUBLISHED_JEKYLL_FOLDER : undefined;
}

/**
 * The path of a file's page under the site's root, as Jekyll builds it: the page's own `permalink`;
 * else a collection's template (`/:collection/:path/`; Jekyll's default `/:collection/:path.html`),
 * a post's the site's `permalink` style (`/:categories/:year/:month/:day/:title.html`), a page's
 * `/:path/:basename` with the ending the site's style gives (`pretty` or a template ending in `/`:
 * `guide/`; `date` or a template ending in `:output_ext`: `guide.html`; any other, `:title` on
 * Homebrew's: `guide`), an `index` page its folder. Without the site's `baseurl` (the base URL
 * given holds it) and its leading `/`; undefined for a file Jekyll copies as it is.
 */
export function jekyllPagePath(
  rel: string,
  front: { permalink?: string; slug?: string; categories?: string[] },
  site: JekyllSite,
): string | undefined {
  if (!RENDERED.test(rel)) return undefined;
  const collection = collectionOf(rel, site);
  const inCollection = collection ? rel.slice(collection.length + 2) : rel;
  const name = inCollection.split('/').at(-1)!;
  const basename = name.replace(/\.[^.]+$/, '');
  const folder = inCollection.slice(0, inCollection.length - name.length);
  const post = collection === 'posts' ? POST.exec(name) : null;
  const style = STYLES[site.permalink] ?? site.permalink;
  let template = front.permalink;
  if (!template && collection === 'posts') template = site.collections.get('posts')?.permalink ?? style;
  else if (!template && collection)
    template = site.collections.get(collection)?.permalink ?? '/:collection/:path:output_ext';
  else if (!template) {
    const ending = style.endsWith('/') ? '/' : style.endsWith(':output_ext') ? ':output_ext' : '';
    template = basename === 'index' ? '/:path/' : `/:path/:basename${ending}`;
  }
  const title = front.slug ?? post?.[4] ?? basename;
  const values: Record<string, string> = {
    collection: collection ?? '',
    path: collection ? `${folder}${basename}` : folder.replace(/\/$/, ''),
    basename,
    name: basename,
    title,
    slug: title,
    output_ext: '.html',
    categories: (front.categories ?? []).join('/'),
    year: post?.[1] ?? '',
    month: post?.[2] ?? '',
    day: post?.[3] ?? '',
    i_month: String(Number(post?.[2] ?? '')),
    i_day: String(Number(post?.[3] ?? '')),
    short_year: (post?.[1] ?? '').slice(2),
  };
  const path = template.replace(/:([a-z_]+)/g, (whole, key: string) => values[key] ?? whole);
  return path.replace(/\/{2,}/g, '/').replace(/^\//, '');
}

/** Why a file Jekyll's `exclude` leaves out is not loaded as a document. */
export const UNPUBLISHED_JEKYLL_EXCLUDED =
  "left out of the Jekyll site by its _config.yml's exclude (or Jekyll's own: Gemfile, node_modules, vendor): no page of its own";
/** Why a file in a Jekyll site's `_`-folder is not loaded as a document. */
export const UNPUBLISHED_JEKYLL_FOLDER =
  'a Jekyll layout, include, data file, draft or unpublished collection (a folder or name with a leading _): no page of its own';
