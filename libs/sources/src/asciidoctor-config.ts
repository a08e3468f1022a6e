import { posix } from 'node:path';

/**
 * The names of an AsciiDoc preview configuration file (the IntelliJ and VS Code AsciiDoc
 * plugins'): its attribute entries apply to every AsciiDoc file in its folder and below. Antora
 * sites keep their playbook's attributes there for previews, since the playbook lives in another
 * repository (Debezium's `:prodname: Debezium`, written as `{prodname}` 3,000 times in its pages).
 */
export const ASCIIDOCTOR_CONFIGS = ['.asciidoctorconfig', '.asciidoctorconfig.adoc'];

/** An attribute entry, `:name: value`, or one unsetting it, `:name!:` or `:!name:`. */
const ENTRY = /^:(!?)([\w][\w-]*)(!?):(?:[ \t]+(.*?))?[ \t]*$/;

/**
 * The attributes AsciiDoc text's entries set (a preview configuration file, a document's
 * header), in order (a later entry wins), by their names in lower case as Asciidoctor reads them,
 * each value as written; an unset one as null, so that it takes away what a configuration further
 * up set. Other lines (comments, `include::`) are not read, nor an entry naming a configuration's
 * own folder (`{asciidoctorconfigdir}`: a path for the preview, not text).
 */
export function attributeEntries(text: string): Map<string, string | null> {
  const attributes = new Map<string, string | null>();
  for (const line of text.split(/\r?\n/)) {
    const m = ENTRY.exec(line);
    if (!m) continue;
    const [, unsetBefore, name, unsetAfter, value = ''] = m;
    if (value.includes('{asciidoctorconfigdir}')) continue;
    attributes.set(name!.toLowerCase(), unsetBefore || unsetAfter ? null : value);
  }
  return attributes;
}

/**
 * The preview configuration files that apply to a file (a path with `/` separators), the one
 * furthest up first: in its folder and each folder above it up to `top`, which is the file's
 * folder or one above it.
 */
export function configPaths(file: string, top: string): string[] {
  const stop = top.replace(/\/+$/, '') || '/';
  const folders: string[] = [];
  for (let folder = posix.dirname(file); ; folder = posix.dirname(folder)) {
    folders.push(folder);
    if (folder === stop || folder === posix.dirname(folder)) break;
  }
  return folders.reverse().flatMap((folder) => ASCIIDOCTOR_CONFIGS.map((name) => posix.join(folder, name)));
}

/**
 * The attributes the preview configuration files above a file give it, read once each through
 * `read` (undefined for a file that is not there): the nearer file's entries win, and an entry
 * unsetting an attribute takes it away.
 */
export class AsciidoctorConfigs {
  private readonly read = new Map<string, Promise<Map<string, string | null> | undefined>>();

  constructor(private readonly readText: (path: string) => Promise<string | undefined>) {}

  async of(file: string, top: string): Promise<Record<string, string>> {
    const merged = new Map<string, string | null>();
    for (const path of configPaths(file, top)) {
      let config = this.read.get(path);
      if (!config) {
        config = this.readText(path).then(
          (text) => (text === undefined ? undefined : attributeEntries(text)),
          () => undefined,
        );
        this.read.set(path, config);
      }
      for (const [name, value] of (await config) ?? []) merged.set(name, value);
    }
    const out: Record<string, string> = {};
    for (const [name, value] of merged) if (value !== null) out[name] = value;
    return out;
  }
}
