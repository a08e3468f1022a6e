import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PageUrlStyle } from '@docqa/contracts';
import matter from 'gray-matter';
import { withStyle } from './published-url';

/** An Antora component's descriptor (`antora.yml`): what its pages are given. */
export interface AntoraComponent {
  /**
   * The AsciiDoc attributes every page of the component is given: `asciidoc.attributes`, and the
   * page attributes Antora adds (`page-component-name`, `-version`, `-display-version`, `-title`,
   * `page-version`).
   */
  attributes: Record<string, string>;
}

/**
 * An Antora component from its `antora.yml` text. An attribute set to `false` or null (unset) is
 * left out; one ending in `@` (soft set: a page may set its own) loses its mark, as pages set
 * their own above the ones given either way (see {@link withAttributes}).
 */
export function antoraComponent(yaml: string): AntoraComponent {
  const data = matter(`---\n${yaml}\n---\n`).data as {
    name?: unknown;
    version?: unknown;
    title?: unknown;
    display_version?: unknown;
    asciidoc?: { attributes?: Record<string, unknown> };
  };
  const attributes: Record<string, string> = {};
  // Antora's `page-version` is the component version too (`ifeval::['{page-version}' == 'master']`).
  const page = {
    'component-name': data.name,
    'component-version': data.version,
    version: data.version,
    'component-display-version': data.display_version ?? data.version,
    'component-title': data.title,
  };
  for (const [key, value] of Object.entries(page))
    if (typeof value === 'string' || typeof value === 'number') attributes[`page-${key}`] = `${value}`;
  for (const [name, value] of Object.entries(data.asciidoc?.attributes ?? {})) {
    if (value === false || value === null || value === undefined || typeof value === 'object') continue;
    attributes[name] = `${value === true ? '' : value}`.replace(/@$/, '').replace(/\s*\n\s*/g, ' ');
  }
  return { attributes };
}

/**
 * The folder of the Antora component a file belongs to: the one holding the `modules` folder
 * of its path (`docs/modules/api/pages/x.adoc` → `docs`), where its `antora.yml` is; undefined
 * for a file outside any `modules` folder.
 */
export function componentFolder(file: string): string | undefined {
  const parts = file.split(/[\\/]/);
  const at = parts.lastIndexOf('modules');
  return at > 0 && at < parts.length - 2 ? parts.slice(0, at).join('/') || '/' : undefined;
}

/**
 * The path of an Antora page under its component version's URL, the way Antora publishes it: a
 * module's `pages/guide/x.adoc` at `MODULE/guide/x.html`, the `ROOT` module's at `guide/x.html`,
 * with the playbook's `urls.html_extension_style` left at its default (Debezium's docs), or at
 * `MODULE/guide/x/` for `folder` (`indexify`: docs.asciidoctor.org); an `index.adoc` at its
 * folder in both (`guide/`: Antora's `guide/index.html`, served at the folder too). Undefined
 * for a file that is no page of a module (a partial, an example, a file outside `modules`), which
 * Antora does not publish.
 */
export function antoraPagePath(file: string, style: PageUrlStyle = 'html'): string | undefined {
  const parts = file.split(/[\\/]/);
  const at = parts.lastIndexOf('modules');
  if (at < 1 || parts[at + 2] !== 'pages' || parts.length < at + 4) return undefined;
  const module = parts[at + 1]!;
  const page = parts.slice(at + 3);
  const name = page.pop()!.replace(/\.(adoc|asciidoc)$/i, '');
  if (name !== 'index') page.push(name);
  return withStyle([...(module === 'ROOT' ? [] : [module]), ...page].join('/'), name === 'index', style);
}

/**
 * Reads the Antora components of AsciiDoc files (absolute paths), once per component: the
 * `antora.yml` beside the `modules` folder their path goes through. A file outside a component,
 * or whose component has no readable descriptor, gets none.
 */
export class AntoraComponents {
  private readonly read = new Map<string, Promise<AntoraComponent | undefined>>();

  /** The component of a file, if it belongs to one. */
  of(file: string): Promise<AntoraComponent | undefined> {
    const folder = componentFolder(file);
    if (!folder) return Promise.resolve(undefined);
    let component = this.read.get(folder);
    if (!component) {
      component = readFile(join(folder, 'antora.yml'), 'utf8').then(antoraComponent, () => undefined);
      this.read.set(folder, component);
    }
    return component;
  }
}

/**
 * AsciiDoc source with attribute entries (`:name: value`) above its first line: Asciidoctor reads
 * them as the document's header attributes, and the document's own entries, coming after, win
 * (Antora's soft set). The source keeps its format; its title stays its first `=` line.
 */
export function withAttributes(source: string, attributes: Record<string, string>): string {
  const entries = Object.entries(attributes).map(([name, value]) => `:${name}:${value ? ` ${value}` : ''}`);
  // A blank line would end the header above the document's title.
  const text = source.replace(/^(?:[ \t]*\r?\n)+/, '');
  return entries.length ? `${entries.join('\n')}\n${text}` : source;
}
