import { dirname, join, resolve } from 'node:path';
import { isUnder, MAX_INCLUDE_DEPTH, readIncludedFile, type ReadIncluded } from './asciidoc-includes';
import { CodeFences } from './code-fences';
import { withoutFrontMatter } from './mdx-partials';

/**
 * A shortcode on a line of its own that puts another file of the site in: `{{% include
 * "/_common/installation/homebrew.md" %}}` (Hugo's own docs), `{{< readfile file="x.md" >}}`
 * (Docsy and many themes), in either delimiter, the path positional or as `file=`; Grafana's
 * `docs/shared` too (see {@link SHARED_LINE}).
 */
const INCLUDE_LINE =
  /^[ \t]*\{\{([<%])\s*(?:include|readfile)\s+(?:file\s*=\s*)?["']([^"']+\.(?:md|markdown))["'][^}]*?\s*[>%]\}\}[ \t]*$/;

/**
 * Grafana's shortcode for a snippet of a project's headless `shared/` bundle, on a line of its
 * own: `{{< docs/shared lookup="configuration.md" source="loki" version="<LOKI_VERSION>" >}}`
 * (Loki's configuration reference is one). Its file is `/shared/LOOKUP` of the content folder;
 * another project's snippet is not in the folder, and stays.
 */
const SHARED_LINE =
  /^[ \t]*\{\{[<%]\s*docs\/shared\s[^}]*?\blookup\s*=\s*["']([^"']+\.md)["'][^}]*?[>%]\}\}[ \t]*$/;

/** The file an include shortcode line names (see {@link INCLUDE_LINE}, {@link SHARED_LINE}). */
function includeTarget(line: string): string | undefined {
  const shared = SHARED_LINE.exec(line)?.[1];
  return shared ? `/shared/${shared.replace(/^\/+/, '')}` : INCLUDE_LINE.exec(line)?.[2];
}

/**
 * Hugo Markdown with each include shortcode on a line of its own (see {@link INCLUDE_LINE})
 * replaced by the Markdown of the file it names, without its front matter, as the site renders
 * it: Hugo's own installation pages are such includes and a heading, `brew install hugo` only in
 * `/_common/installation/homebrew.md`. A path that starts with `/` is from the content folder (see
 * `includedFile`), another from the page's folder. Only files under `within` are read; a shortcode
 * inside a code block, or naming a file that cannot be read, stays as it was (the Hugo reader
 * drops it).
 */
export async function withHugoIncludes(
  source: string,
  file: string,
  within: string,
  read: ReadIncluded = readIncludedFile,
  depth = 0,
): Promise<string> {
  if (depth >= MAX_INCLUDE_DEPTH || !/\{\{[<%]\s*(?:include|readfile|docs\/shared)\b/.test(source))
    return source;
  const fences = new CodeFences();
  const lines: string[] = [];
  for (const line of source.split('\n')) {
    const target = fences.read(line) ? undefined : includeTarget(line);
    const found = target ? await includedFile(target, file, within, read) : undefined;
    const body = found && withoutFrontMatter(found.text);
    lines.push(
      body === undefined ? line : await withHugoIncludes(body, found!.path, within, read, depth + 1),
    );
  }
  return lines.join('\n');
}

/**
 * The file an include names and its text: a path from `/` is from the content folder, which is
 * the nearest folder above the page that holds it (a repository's `content/` or, multilingual,
 * `content/en/`; the folder loaded); another path is from the page's folder. Undefined when no
 * such file under `within` can be read.
 */
export async function includedFile(
  target: string,
  file: string,
  within: string,
  read: ReadIncluded,
): Promise<{ path: string; text: string } | undefined> {
  const candidates: string[] = [];
  if (target.startsWith('/'))
    for (let folder = dirname(file); isUnder(within, folder) || folder === within; folder = dirname(folder)) {
      candidates.push(join(folder, target));
      if (folder === dirname(folder)) break;
    }
  else candidates.push(resolve(dirname(file), target));
  for (const path of candidates) {
    const text = isUnder(within, path) ? await read(path) : undefined;
    if (text !== undefined) return { path, text };
  }
  return undefined;
}
