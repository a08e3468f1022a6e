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
 * as its reStructuredText pages are, by the `html` builder (`the_basics.html`).
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
