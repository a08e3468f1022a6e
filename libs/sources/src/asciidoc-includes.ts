import { readFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { componentFolder } from './antora-component';

/** An `include::TARGET[ATTRIBUTES]` directive line. */
const INCLUDE_LINE = /^include::([^[\s][^[]*)\[([^\]]*)\][ \t]*$/;
/**
 * An Antora partial of the page's own component: `partial$x.adoc`, with a module
 * (`cli:partial$x.adoc`); another component's (`comp:module:partial$…`) is not resolved. Examples
 * (`example$doc.adoc`) are not put in either: a sample file shown as code (a whole sample
 * document's title, sections and prose) matched questions it does not answer (issue 35).
 */
const PARTIAL_ID = /^(?:([\w-]+):)?partial\$(.+)$/;
/** A tag's start or end in an included file (`// tag::body[]`, `# end::body[]`). */
const TAG_MARK = /\b(tag|end)::([\w-]+)\[\]/;
/** How deep included files may include others (Asciidoctor's `max-include-depth` is 64). */
export const MAX_INCLUDE_DEPTH = 8;

/**
 * An included file's text by its path (from the folder loaded, or a repository's root given as
 * `/`), undefined when it cannot be read.
 */
export type ReadIncluded = (path: string) => Promise<string | undefined>;

/** Whether `path` is a file under the folder `within` (not the folder itself). */
export function isUnder(within: string, path: string): boolean {
  const inside = relative(within, path);
  return inside !== '' && !inside.startsWith('..') && !isAbsolute(inside);
}

/** A file's text from disk. */
export const readIncludedFile: ReadIncluded = (path) => readFile(path, 'utf8').catch(() => undefined);

/**
 * AsciiDoc source with its `include::` directives replaced by what they include, as Asciidoctor
 * and Antora put the text in before converting: a path relative to the including file, or an
 * Antora partial of its component (`partial$install.adoc`), with the `tag`/`tags` it selects. Only
 * files under `within` (the folder loaded, or the Antora component holding it) are read; a target
 * outside it, unreadable, named by an attribute or a URL, or another Antora resource (an example)
 * stays a directive, which the converter drops.
 */
export async function withIncludes(
  source: string,
  file: string,
  within: string,
  read: ReadIncluded = readIncludedFile,
  depth = 0,
): Promise<string> {
  if (depth >= MAX_INCLUDE_DEPTH || !source.includes('include::')) return source;
  const lines = source.split('\n');
  const out: string[] = [];
  for (const line of lines) {
    const match = INCLUDE_LINE.exec(line.replace(/\r$/, ''));
    const target = match ? includedFile(match[1]!, file, within) : undefined;
    const text = target ? await read(target) : undefined;
    if (!match || !target || text === undefined) {
      out.push(line);
      continue;
    }
    const included = await withIncludes(tagged(text, match[2]!), target, within, read, depth + 1);
    out.push(included.replace(/\r?\n$/, ''));
  }
  return out.join('\n');
}

/** The file an include's target names, if it is one under `within`. */
function includedFile(target: string, file: string, within: string): string | undefined {
  if (/[{}]/.test(target) || /^[a-z][\w+.-]*:\/\//i.test(target)) return undefined;
  const id = PARTIAL_ID.exec(target);
  let path: string | undefined;
  if (id) {
    const component = componentFolder(file);
    const parts = file.split(/[\\/]/);
    const module = id[1] ?? parts[parts.lastIndexOf('modules') + 1];
    if (!component || !module) return undefined;
    path = join(component, 'modules', module, 'partials', id[2]!);
  } else if (!target.includes('$')) path = resolve(dirname(file), target);
  if (!path) return undefined;
  return isUnder(within, path) ? path : undefined;
}

/**
 * The lines of an included file an include selects: those between the marks of the tags it
 * names (`tag=title`, `tags=title;body`), or all of them; the marks themselves are left out. A
 * selection Asciidoctor reads otherwise (wildcards, negations) includes the whole file.
 */
function tagged(text: string, attributes: string): string {
  const names = /(?:^|,)\s*tags?=([^,]*)/
    .exec(attributes)?.[1]
    ?.split(';')
    .map((t) => t.trim());
  const wanted = names?.every((n) => /^[\w-]+$/.test(n)) ? new Set(names) : undefined;
  const open = new Set<string>();
  const kept: string[] = [];
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const mark = TAG_MARK.exec(line);
    if (mark) {
      if (mark[1] === 'tag') open.add(mark[2]!);
      else open.delete(mark[2]!);
      continue;
    }
    if (!wanted || [...open].some((t) => wanted.has(t))) kept.push(line);
  }
  return kept.join('\n');
}
