import { posix } from 'node:path';
import { asciidocTitle } from './asciidoc-html';
import { componentFolder } from './antora-component';
import { outsideCode } from './outside-code';
import { rstLabels, rstTitle } from './rst-markdown';

/** A file of a folder or repository being loaded, for its title and section titles. */
export interface ReferencedFile {
  /** Its absolute path (an Antora page's module is read from it). */
  file: string;
  /** Its path in the folder or repository (a Sphinx `:doc:` from the root, `/x`, starts there). */
  rel: string;
  kind: string;
  text: string;
}

/** A page's title and its sections' titles by id. */
interface Titled {
  title?: string;
  sections: Map<string, string>;
}

/**
 * A passthrough (`+text+`, `+++text+++`, `pass:[text]`), kept as written: a reference shown in it
 * is an example (a code span alone, `` `xref:x.adoc[]` ``, is a link in monospace).
 */
const ASCIIDOC_CODE = /\+\+\+[\s\S]*?\+\+\+|\+[^+\n]+\+|pass:[a-z,]*\[[^\]\n]*\]/g;
/** A delimited block whose lines are shown as written (listing, literal, passthrough, comment). */
const VERBATIM_FENCE = /^(-{4,}|\.{4,}|\+{4,}|\/{4,})\s*$/;

/**
 * The titles of the pages of a folder or repository loaded at once, to give a cross-reference
 * written without text (`xref:cli:index.adoc[]`, `<<page.adoc#id>>`, `` :doc:`path` ``,
 * `` :ref:`label` ``) the text its generator shows: the target page's title (its `= Title` or
 * first section title), or the title of the section an id or a Sphinx label names. A target not
 * found keeps its markup; the converters then show {@link referenceWords}.
 */
export class ReferenceTitles {
  private readonly pages = new Map<string, Titled>();
  /** Sphinx labels (`.. _label:` above a section), lower case, by their section's title. */
  private readonly labels = new Map<string, string>();

  /**
   * @param files the pages loaded together
   * @param components the folders of the Antora components among them, by their `antora.yml` name
   */
  constructor(
    files: ReferencedFile[],
    private readonly components: ReadonlyMap<string, string> = new Map(),
  ) {
    for (const { file, rel, kind, text } of files) {
      if (kind === 'asciidoc')
        this.pages.set(pageKey(file), { title: asciidocTitle(text), sections: asciidocSections(text) });
      else if (kind === 'rst') {
        this.pages.set(pageKey(rel), { title: plainTitle(rstTitle(text)), sections: new Map() });
        for (const [label, title] of rstLabels(text)) this.labels.set(label, plainTitle(title)!);
      }
    }
  }

  /** A document's source with its text-less cross-references given their targets' titles. */
  withTitles(text: string, { file, rel, kind }: Omit<ReferencedFile, 'text'>): string {
    if (kind === 'asciidoc') return this.asciidoc(text, file);
    if (kind === 'rst') return this.rst(text, rel);
    return text;
  }

  private asciidoc(text: string, file: string): string {
    const title = (target: string) => {
      const [path = '', id] = target.split('#', 2);
      const page = path ? this.pages.get(antoraTarget(file, path, this.components)) : undefined;
      const found = id ? page?.sections.get(id) : page?.title;
      return found?.replace(/\]/g, '\\]');
    };
    let verbatim: string | null = null;
    return text
      .split('\n')
      .map((line) => {
        const fence = VERBATIM_FENCE.exec(line)?.[1];
        if (fence && (verbatim === null || verbatim === fence)) verbatim = verbatim ? null : fence;
        if (verbatim !== null || fence || line.startsWith('//')) return line;
        return outsideCode(line, ASCIIDOC_CODE, (prose) =>
          prose
            .replace(/(?<![\w\\])xref:([^\s[\]{}]+\.adoc(?:#[\w-]*)?)\[\]/g, (whole, target: string) => {
              const shown = title(target);
              return shown ? `xref:${target}[${shown}]` : whole;
            })
            .replace(/<<([^\s,<>{}]+\.adoc(?:#[\w-]*)?)>>/g, (whole, target: string) => {
              const shown = title(target);
              return shown ? `<<${target},${shown}>>` : whole;
            }),
        );
      })
      .join('\n');
  }

  private rst(text: string, rel: string): string {
    const title = (role: string, name: string) =>
      role === 'ref'
        ? this.labels.get(name.replace(/\s+/g, ' ').toLowerCase())
        : /^[\w.-]+:/.test(name)
          ? undefined // another project's page (intersphinx)
          : this.pages.get(sphinxTarget(rel, name))?.title;
    // The indent of the line above a literal block (`::`, `.. code-block::`), while in one.
    let literal: number | null = null;
    return text
      .split('\n')
      .map((line) => {
        const indent = line.search(/\S/);
        if (literal !== null && (indent < 0 || indent > literal)) return line;
        const opens = /^\s*\.\.\s/.test(line) ? RST_CODE.test(line) : /::\s*$/.test(line);
        literal = opens ? indent : null;
        return outsideCode(line, /``.+?``/g, (prose) =>
          prose.replace(/:(doc|ref):`([^`<>]+)`/g, (whole, role: string, target: string) => {
            const shown = title(role, target.trim());
            return shown ? `:${role}:\`${shown} <${target.trim()}>\`` : whole;
          }),
        );
      })
      .join('\n');
  }
}

/** A reST directive whose body is code. */
const RST_CODE = /^\s*\.\.\s+(?:code-block|code|sourcecode|literalinclude|highlight)::/;

/** The key of a page: its path without extension. */
function pageKey(file: string): string {
  return file.replace(/\.(?:adoc|asciidoc|rst)$/i, '').replace(/\\/g, '/');
}

/**
 * The key of the page an AsciiDoc cross-reference names from `file`. In an Antora module, a page
 * id (`[version@][component:][module:]path.adoc`): the path from the module's `pages` folder (or
 * from the page's folder when it starts with `./`), another module of the same component by its
 * name, another component's by its `antora.yml` name among `components` (its `ROOT` module when
 * none is named, `acme::index.adoc`). Outside a module, a path from the file's folder.
 */
function antoraTarget(file: string, target: string, components: ReadonlyMap<string, string>): string {
  const parts = target.replace(/^[^@:]*@/, '').split(':');
  const path = parts.pop()!;
  const from = file.replace(/\\/g, '/');
  const own = componentFolder(from);
  if (!own) return parts.length ? '' : pageKey(posix.join(posix.dirname(from), path));
  const segments = from.split('/');
  const component = parts.length > 1 ? components.get(parts[0]!) : own;
  if (!component) return '';
  const module =
    parts.length > 1 ? parts[1] || 'ROOT' : parts[0] || segments[segments.lastIndexOf('modules') + 1]!;
  const base =
    path.startsWith('./') && component === own
      ? posix.dirname(from)
      : posix.join(component, 'modules', module, 'pages');
  return pageKey(posix.join(base, path));
}

/** The key of the page a Sphinx `:doc:` names from `rel`: from the root (`/x`) or its folder. */
function sphinxTarget(rel: string, target: string): string {
  const from = rel.replace(/\\/g, '/');
  return pageKey(target.startsWith('/') ? target.slice(1) : posix.join(posix.dirname(from), target));
}

/** A title as plain text that a role or macro can hold (no code marks, angle brackets or backticks). */
function plainTitle(title: string | undefined): string | undefined {
  const plain = title
    ?.replace(/[`*<>]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return plain || undefined;
}

/**
 * The titles of an AsciiDoc document's sections by the ids Asciidoctor gives them: an anchor
 * above the heading (`[[id]]`, `[#id]`) or the automatic one (`_` and the title's words joined by
 * `_`, or the `idprefix` and `idseparator` the document sets).
 */
function asciidocSections(text: string): Map<string, string> {
  const prefix = /^:idprefix:[ \t]*(.*)$/m.exec(text)?.[1]?.trim() ?? '_';
  const separator = /^:idseparator:[ \t]*(.*)$/m.exec(text)?.[1]?.trim() ?? '_';
  const sections = new Map<string, string>();
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    const heading = /^={2,6}\s+(\S.*?)\s*$/.exec(line)?.[1];
    if (!heading || heading.includes('{')) return;
    const anchor = /^\[(?:\[([\w:.-]+)(?:,[^\]]*)?\]|#([\w:.-]+)[^\]]*)\]\s*$/.exec(lines[i - 1] ?? '');
    const id =
      anchor?.[1] ??
      anchor?.[2] ??
      `${prefix}${heading
        .toLowerCase()
        .replace(/<[^>]+>|&\w+;|[^\w\s.-]/g, '')
        .replace(/[\s.-]+/g, separator)
        .replace(new RegExp(`${separator ? `\\${separator}+$` : '$^'}`), '')}`;
    sections.set(id, heading.replace(/[`*]/g, ''));
  });
  return sections;
}
