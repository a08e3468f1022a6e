import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { MarkdownDialect, PageUrlStyle } from '@docqa/contracts';

/**
 * The URL style an MkDocs configuration names: `use_directory_urls: false` publishes
 * `guide/install.md` as `guide/install.html` (the default, `true`, as `guide/install/`). Read with
 * a pattern, not a YAML parser: `mkdocs.yml` files carry `!!python/name:` tags that a plain
 * parser refuses. Undefined when the text does not set it.
 */
export function mkdocsPageUrls(yaml: string): PageUrlStyle | undefined {
  const set = /^use_directory_urls\s*:\s*(true|false|yes|no|on|off)\b/im.exec(yaml)?.[1]?.toLowerCase();
  if (set === undefined) return undefined;
  return ['false', 'no', 'off'].includes(set) ? 'html' : 'folder';
}

/**
 * The URL style a folder's generator configuration names, where reading it is cheap: an MkDocs
 * site's `mkdocs.yml` (in the folder, or above it: MkDocs reads `docs/` beside its configuration);
 * a Sphinx project's (a `conf.py` in the folder or above it) Markdown pages, MyST's, are published
 * as its reStructuredText pages are, by the `html` builder (`the_basics.html`). (A VitePress site's
 * configuration, read once for its dialect too, is {@link vitepressConfig}.)
 * Undefined for another generator or when no configuration says, so the generator's default holds.
 */
export async function configuredPageUrls(
  folder: string,
  dialect: MarkdownDialect,
): Promise<PageUrlStyle | undefined> {
  if (dialect === 'markdown') return (await sphinxProject(folder)) ? 'html' : undefined;
  if (dialect !== 'mkdocs') return undefined;
  for (const dir of [folder, dirname(folder)]) {
    for (const name of ['mkdocs.yml', 'mkdocs.yaml']) {
      const text = await readFile(join(dir, name), 'utf8').catch(() => undefined);
      if (text !== undefined) return mkdocsPageUrls(text);
    }
  }
  return undefined;
}

/** Whether a folder is a Sphinx project's source folder, or one below it: its `conf.py` there or above. */
async function sphinxProject(folder: string): Promise<boolean> {
  for (const dir of [folder, dirname(folder)]) {
    const text = await readFile(join(dir, 'conf.py'), 'utf8').catch(() => undefined);
    if (text !== undefined) return isSphinxConfiguration(text);
  }
  return false;
}

/**
 * Whether a `conf.py` is a Sphinx project's configuration (it names Sphinx, as its generated
 * header does, or sets Sphinx's `extensions` or `html_theme`), not another tool's settings.
 */
export function isSphinxConfiguration(python: string): boolean {
  return /\bsphinx\b/i.test(python) || /^(extensions|html_theme)\s*=/m.test(python);
}

/** VitePress's configuration files, in a `.vitepress/` folder of the docs folder. */
const VITEPRESS_CONFIGS = ['js', 'mjs', 'cjs', 'ts', 'mts', 'cts'].map((ext) => `.vitepress/config.${ext}`);

/**
 * The text of a VitePress site's configuration, when a folder is one's docs folder, or its source
 * folder (`srcDir`) one folder down: `.vitepress/config.ts` (or `.js`, `.mts`…) in it or above it;
 * undefined otherwise.
 */
export async function vitepressConfig(folder: string): Promise<string | undefined> {
  for (const dir of [folder, dirname(folder)])
    for (const name of VITEPRESS_CONFIGS) {
      const text = await readFile(join(dir, name), 'utf8').catch(() => undefined);
      if (text !== undefined) return text;
    }
  return undefined;
}

/**
 * The URL style a VitePress configuration names: `cleanUrls: true` publishes `guide/features.md`
 * as `guide/features` (`clean`); by default it is `guide/features.html`, the dialect's default.
 * Read with a pattern: the configuration is a program, not data.
 */
export function vitepressPageUrls(config: string): PageUrlStyle | undefined {
  return /\bcleanUrls\s*:\s*true\b/.test(config) ? 'clean' : undefined;
}

/** The folder a VitePress configuration reads its pages from (`srcDir: './src'` → `src/`), if it names one. */
export function vitepressSourceFolder(config: string): string | undefined {
  const named = /\bsrcDir\s*:\s*['"`]([^'"`]+)['"`]/.exec(config)?.[1];
  const folder = named?.replace(/^\.\/?/, '').replace(/\/+$/, '');
  return folder ? `${folder}/` : undefined;
}

/**
 * The globs of files a VitePress configuration keeps from being pages (`srcExclude:
 * ['**\/guide/examples/*', 'AGENTS.md']`), from its source folder; none when it names none.
 */
export function vitepressSourceExcludes(config: string): string[] {
  const list = /\bsrcExclude\s*:\s*\[([^\]]*)\]/.exec(config)?.[1] ?? '';
  return [...list.matchAll(/['"`]([^'"`]+)['"`]/g)].map((m) => m[1]!);
}
