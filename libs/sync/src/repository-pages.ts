import { posix } from 'node:path';
import type { MarkdownDialect } from '@docqa/contracts';
import {
  AsciidoctorConfigs,
  ReferenceTitles,
  antoraComponent,
  antoraPagePath,
  componentFolder,
  inLeafBundle,
  mapConcurrent,
  unpublishedReason,
  UNPUBLISHED_HUGO,
  withAttributes,
  withMarkdownIncludes,
  withIncludes,
  withRstIncludes,
  type AntoraComponent,
  type DocumentKind,
} from '@docqa/sources';

/** Blob reads at once while a sync gathers its pages' titles. */
const TITLE_READS = 4;

/**
 * A cross-reference written without text, which shows its target's title: AsciiDoc's
 * `xref:x.adoc[]` and `<<x.adoc#id>>`, Sphinx's `:doc:` and `:ref:` roles.
 */
const TEXTLESS_REFERENCE =
  /xref:[^\s[\]{}]+\.adoc(?:#[\w-]*)?\[\]|<<[^\s,<>{}]+\.adoc(?:#[\w-]*)?>>|:(?:doc|ref):`[^`<>]+`/;

/** An AsciiDoc or reStructuredText file of a repository's tree. */
export interface RepositoryPage {
  path: string;
  kind: 'asciidoc' | 'rst';
  sha: string;
}

/**
 * What an AsciiDoc or reStructuredText page of a repository takes from the others, as a folder
 * load gives it (`loadPaths`): its cross-references without text their targets' titles, and an
 * Antora page its component's attributes (`antora.yml`). The other pages are read once a sync,
 * and only when a page read has such a reference (all of them: a Sphinx label may be defined on
 * any page). Each page's blob is read at most once a sync, for its title or its document: the
 * sync holds the texts of these pages until it ends.
 */
export class RepositoryPages {
  private titles?: Promise<ReferenceTitles>;
  /** The pages' texts read in this sync, by blob SHA. */
  private readonly texts = new Map<string, Promise<string>>();
  private readonly pageShas: ReadonlySet<string>;
  private readonly components = new Map<string, Promise<AntoraComponent | undefined>>();
  /** The texts of files pages include, read in this sync, by blob SHA. */
  private readonly included = new Map<string, Promise<string | undefined>>();
  /** The AsciiDoc preview configurations of the tree (`.asciidoctorconfig`), read once a sync. */
  private readonly configs = new AsciidoctorConfigs((file) => {
    const sha = this.shas.get(file.slice(1));
    return sha ? this.read(sha) : Promise.resolve(undefined);
  });

  /**
   * @param pages the tree's AsciiDoc and reStructuredText files
   * @param shas the blob SHA of each file of the tree, by path (for `antora.yml`, `.asciidoctorconfig`)
   * @param read a blob's text by its SHA
   */
  constructor(
    private readonly pages: readonly RepositoryPage[],
    private readonly shas: ReadonlyMap<string, string>,
    private readonly read: (sha: string) => Promise<string>,
  ) {
    this.pageShas = new Set(pages.map((page) => page.sha));
  }

  /** A blob's text; a page's is read once a sync, for its document or the others' titles. */
  text(sha: string): Promise<string> {
    if (!this.pageShas.has(sha)) return this.read(sha);
    let text = this.texts.get(sha);
    if (!text) {
      text = this.read(sha);
      this.texts.set(sha, text);
    }
    return text;
  }

  /**
   * Why a file of the tree is published as no page of its own (see `unpublishedReason`): a
   * Docusaurus partial, or an AsciiDoc file of an Antora component (one with its `antora.yml`)
   * that is none of its pages. Undefined for a page.
   */
  unpublished(path: string, kind: DocumentKind, dialect: MarkdownDialect | undefined): string | undefined {
    const file = `/${path}`;
    const folder = kind === 'asciidoc' ? componentFolder(file) : undefined;
    const antora = folder && this.shas.has(posix.join(folder, 'antora.yml').slice(1));
    if (dialect === 'hugo' && inLeafBundle(path, (p) => this.shas.has(p))) return UNPUBLISHED_HUGO;
    return unpublishedReason(path, dialect, antora ? (antoraPagePath(file) ?? null) : undefined);
  }

  /**
   * A page's source with what it includes put in, as a folder load puts it in: an AsciiDoc
   * page's `include::` targets (files of the repository relative to it, or partials of its Antora
   * component), a Markdown or MDX page's imported partials, Hugo include shortcodes and VitePress
   * snippet imports and includes; a Jekyll site's page (`dialect`) its Liquid rendered. Also the
   * files read, with their blob SHAs, for the page's state: a change to one of them changes the
   * page.
   */
  async withIncluded(
    source: string,
    { path, kind }: { path: string; kind: DocumentKind },
    dialect?: MarkdownDialect,
  ): Promise<{ text: string; included: Record<string, string> }> {
    const included: Record<string, string> = {};
    const read = (file: string) => {
      const rel = file.slice(1);
      const sha = this.shas.get(rel);
      if (!sha) return Promise.resolve(undefined);
      included[rel] = sha;
      let text = this.included.get(sha);
      if (!text) {
        text = this.text(sha).catch(() => undefined);
        this.included.set(sha, text);
      }
      return text;
    };
    const file = `/${path}`;
    const text =
      kind === 'asciidoc'
        ? await withIncludes(source, file, componentFolder(file) ?? '/', read)
        : kind === 'markdown' || kind === 'mdx'
          ? await withMarkdownIncludes(source, file, '/', read, { jekyll: dialect === 'jekyll' })
          : kind === 'rst'
            ? await withRstIncludes(source, file, '/', read)
            : source;
    return { text, included };
  }

  /**
   * Whether the files a page included when last read (path → blob SHA, see `withIncluded`) are
   * all as they were.
   */
  includedUnchanged(included: Record<string, string> | undefined): boolean {
    return Object.entries(included ?? {}).every(([path, sha]) => this.shas.get(path) === sha);
  }

  /**
   * A page's source as its site shows it: references given their titles; an AsciiDoc page the
   * attributes of its preview configurations and Antora component (see `loadPaths`).
   */
  async inContext(source: string, { path, kind }: Omit<RepositoryPage, 'sha'>): Promise<string> {
    // Paths from the root, so that an Antora component at the repository's root has a folder.
    const file = `/${path}`;
    let text = source;
    if (TEXTLESS_REFERENCE.test(text))
      text = (await this.referenceTitles()).withTitles(text, { file, rel: path, kind });
    if (kind !== 'asciidoc') return text;
    const component = await this.component(file);
    return withAttributes(text, { ...(await this.configs.of(file, '/')), ...component?.attributes });
  }

  private referenceTitles(): Promise<ReferenceTitles> {
    this.titles ??= (async () => {
      const read = await mapConcurrent(this.pages, TITLE_READS, async ({ path, kind, sha }) => {
        try {
          return [{ file: `/${path}`, rel: path, kind, text: await this.text(sha) }];
        } catch {
          return []; // A page that cannot be read has no title to give (its own read says why).
        }
      });
      const files = read.flat();
      const named = new Map<string, string>();
      for (const { file, kind } of files) {
        const folder = kind === 'asciidoc' ? componentFolder(file) : undefined;
        const name = folder && (await this.component(file))?.attributes['page-component-name'];
        if (folder && name && !named.has(name)) named.set(name, folder);
      }
      return new ReferenceTitles(files, named);
    })();
    return this.titles;
  }

  /** The Antora component of a page (path from the root), from its `antora.yml`, once a sync. */
  private component(file: string): Promise<AntoraComponent | undefined> {
    const folder = componentFolder(file);
    if (!folder) return Promise.resolve(undefined);
    let component = this.components.get(folder);
    if (!component) {
      const sha = this.shas.get(posix.join(folder, 'antora.yml').slice(1));
      component = sha ? this.read(sha).then(antoraComponent, () => undefined) : Promise.resolve(undefined);
      this.components.set(folder, component);
    }
    return component;
  }
}
