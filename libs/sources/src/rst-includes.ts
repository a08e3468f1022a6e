import { dirname, extname, isAbsolute, join, relative, resolve } from 'node:path';
import { isUnder, MAX_INCLUDE_DEPTH, readIncludedFile, type ReadIncluded } from './asciidoc-includes';

/** `.. include:: path` or `.. literalinclude:: path`, indented as it stands. */
const INCLUDE = /^([ \t]*)\.\.[ \t]+(include|literalinclude)::[ \t]+(\S.*?)[ \t]*$/;
/** An option line of a directive (`   :language: python`, `   :literal:`). */
const OPTION = /^[ \t]+:([\w-]+):(?:[ \t]+(.*?))?[ \t]*$/;
/** Languages of included code by its file's extension, as Sphinx's highlighting would guess. */
const LANGUAGES: Record<string, string> = {
  '.py': 'python',
  '.pyi': 'python',
  '.json': 'json',
  '.yaml': 'yaml',
  '.yml': 'yaml',
  '.toml': 'toml',
  '.ini': 'ini',
  '.cfg': 'ini',
  '.sh': 'bash',
  '.js': 'javascript',
  '.ts': 'typescript',
  '.c': 'c',
  '.h': 'c',
  '.cpp': 'cpp',
  '.rs': 'rust',
  '.go': 'go',
  '.java': 'java',
  '.rb': 'ruby',
  '.xml': 'xml',
  '.html': 'html',
  '.css': 'css',
  '.sql': 'sql',
};

/**
 * reStructuredText source with its `include` and `literalinclude` directives replaced by what
 * they include, as Sphinx reads them: a path relative to the including file, or, starting with
 * `/`, to the Sphinx project's source folder (the one holding `conf.py`, else `within`). An
 * `include` puts the file's reStructuredText in (`:literal:` or `:code: lang`: as a code block);
 * a `literalinclude` puts it in as a code block in its `:language:` (else the one its extension
 * names), with the lines its options select (`:lines:`, `:start-after:`, `:start-at:`,
 * `:end-before:`, `:end-at:`, `:pyobject:`, `:dedent:`). Only files under `within` (the folder
 * loaded) are read; a directive naming another or an unreadable file stays, and is dropped.
 */
export async function withRstIncludes(
  source: string,
  file: string,
  within: string,
  read: ReadIncluded = readIncludedFile,
  depth = 0,
): Promise<string> {
  if (depth >= MAX_INCLUDE_DEPTH || !source.includes('include::')) return source;
  const lines = source.split('\n');
  const out: string[] = [];
  let sourceRoot: Promise<string> | undefined;
  for (let i = 0; i < lines.length; i++) {
    const match = INCLUDE.exec(lines[i]!.replace(/\r$/, ''));
    if (!match) {
      out.push(lines[i]!);
      continue;
    }
    const [, indent, kind, target] = match;
    const options = new Map<string, string>();
    let end = i + 1;
    for (let option; (option = OPTION.exec(lines[end]?.replace(/\r$/, '') ?? '')); end++)
      options.set(option[1]!, option[2] ?? '');
    sourceRoot ??= sphinxSourceFolder(file, within, read);
    const path = includedFile(target!, file, within, await sourceRoot);
    // An included file's line ends as the page's: `\n`.
    const text = path === undefined ? undefined : (await read(path))?.replace(/\r\n?/g, '\n');
    if (path === undefined || text === undefined) {
      out.push(lines[i]!);
      continue;
    }
    const literal = kind === 'literalinclude' || options.has('literal') || options.has('code');
    if (literal) {
      const language = options.get('language') || options.get('code') || LANGUAGES[extname(path)] || '';
      const code = selected(text, options);
      const caption = options.get('caption');
      if (caption) out.push(`${indent}**${caption}**:`, '');
      out.push(`${indent}.. code-block:: ${language}`.trimEnd(), '');
      out.push(...code.map((l) => (l.trim() ? `${indent}   ${l}` : '')));
    } else {
      const included = await withRstIncludes(text, path, within, read, depth + 1);
      const body = selected(included, options);
      out.push(...body.map((l) => (l.trim() ? `${indent}${l}` : '')));
    }
    i = end - 1;
  }
  return out.join('\n');
}

/** The file an include's target names, if it is one under `within`. */
function includedFile(target: string, file: string, within: string, sourceRoot: string): string | undefined {
  if (/^[a-z][\w+.-]*:\/\//i.test(target) || target.startsWith('<')) return undefined;
  const path = target.startsWith('/') ? join(sourceRoot, target) : resolve(dirname(file), target);
  return isUnder(within, path) ? path : undefined;
}

/** The folder of the `conf.py` nearest above `file` and under `within`, else `within`. */
async function sphinxSourceFolder(file: string, within: string, read: ReadIncluded): Promise<string> {
  for (let folder = dirname(file); ; folder = dirname(folder)) {
    const inside = relative(within, folder);
    if (inside.startsWith('..') || isAbsolute(inside)) return within;
    if ((await read(join(folder, 'conf.py'))) !== undefined) return folder;
    if (!inside) return within;
  }
}

/** The lines of an included file its directive's options select, in the order Sphinx applies them. */
function selected(text: string, options: Map<string, string>): string[] {
  let lines = text.replace(/\n$/, '').split('\n');
  const object = options.get('pyobject');
  if (object) lines = pythonObject(lines, object) ?? lines;
  const numbers = options.get('lines');
  if (numbers) lines = lineSelection(lines, numbers);
  const start = options.get('start-after') ?? options.get('start-at');
  if (start) {
    const at = lines.findIndex((l) => l.includes(start));
    if (at >= 0) lines = lines.slice(options.has('start-after') ? at + 1 : at);
  }
  const stop = options.get('end-before') ?? options.get('end-at');
  if (stop) {
    const at = lines.findIndex((l) => l.includes(stop));
    if (at >= 0) lines = lines.slice(0, options.has('end-before') ? at : at + 1);
  }
  const dedent = Number(options.get('dedent'));
  if (dedent > 0) lines = lines.map((l) => l.replace(new RegExp(`^ {0,${dedent}}`), ''));
  return lines;
}

/** `:lines: 1,3,5-10,20-` as the lines it names (1-based, ranges inclusive, open at either end). */
function lineSelection(lines: string[], spec: string): string[] {
  const kept: string[] = [];
  for (const part of spec.split(',')) {
    const range = /^\s*(\d*)\s*(-?)\s*(\d*)\s*$/.exec(part);
    if (!range || (!range[1] && !range[3])) continue;
    const from = Number(range[1] || 1);
    const to = range[2] ? Number(range[3] || lines.length) : from;
    kept.push(...lines.slice(from - 1, to));
  }
  return kept;
}

/** The lines of a Python class or function (`Class` or `Class.method`), decorators included. */
function pythonObject(lines: string[], name: string): string[] | undefined {
  let from = 0;
  let to = lines.length;
  let indent = -1;
  for (const part of name.split('.')) {
    if (!/^\w+$/.test(part)) return undefined;
    const at = lines.findIndex(
      (l, i) =>
        i >= from &&
        i < to &&
        new RegExp(`^(\\s*)(?:async\\s+)?(?:def|class)\\s+${part}\\b`).test(l) &&
        /^\s*/.exec(l)![0].length > indent,
    );
    if (at < 0) return undefined;
    indent = /^\s*/.exec(lines[at]!)![0].length;
    from = at;
    while (from > 0 && lines[from - 1]!.trim().startsWith('@')) from--;
    to = at + 1;
    while (to < lines.length && (!lines[to]!.trim() || /^\s*/.exec(lines[to]!)![0].length > indent)) to++;
  }
  const object = lines.slice(from, to);
  while (object.length && !object.at(-1)!.trim()) object.pop();
  return object;
}
