import { extname } from 'node:path';
import { readIncludedFile, type ReadIncluded } from './asciidoc-includes';
import { CodeFences } from './code-fences';
import { SETTING } from './docsify-markdown';
import { includedFile } from './hugo-includes';
import { withoutFrontMatter } from './mdx-partials';

/** An embed: a link alone on its line whose title says `:include` (`[x](_media/a.js ':include :type=code')`). */
const EMBED = /^([ \t]*)\[([^\]]*)\]\((<[^>]*>|[^)\s]+)\s+(['"])([^'"]*:include\b[^'"]*)\4\)[ \t]*$/;
/** The type docsify embeds a file as by its extension, when the embed names none: else code. */
const EMBED_TYPES: [RegExp, string][] = [
  [/\.(md|markdown)/, 'markdown'],
  [/\.mmd/, 'mermaid'],
  [/\.html?/, 'iframe'],
  [/\.(mp4|ogg)/, 'video'],
  [/\.mp3/, 'audio'],
];

/**
 * A docsify page with its embeds put in (`[filename](_media/example.md ':include')`, alone on a
 * line), as docsify puts them in: a Markdown file's text (without front matter), or with
 * `:type=code` (or any other file) a code block in the file's language; `:fragment=demo` the lines
 * between the file's two `/// [demo]` (or `### [demo]`) marks. Paths are from the page's folder;
 * only files under `within` are read. An embed of another site's file (docsify fetches it in the
 * browser), of a page (`:type=iframe`), a video or one whose file cannot be read stays a link.
 */
export async function withDocsifyEmbeds(
  source: string,
  file: string,
  within: string,
  read: ReadIncluded = readIncludedFile,
): Promise<string> {
  if (!source.includes(':include')) return source;
  const out: string[] = [];
  const fences = new CodeFences();
  for (const line of source.split('\n')) {
    const embed = fences.read(line) ? null : EMBED.exec(line);
    const target = embed?.[3]!.replace(/^<|>$/g, '');
    const settings = embed ? titleSettings(embed[5]!) : {};
    const type = settings.type ?? EMBED_TYPES.find(([ext]) => ext.test(target ?? ''))?.[1] ?? 'code';
    const local = target && !/^([a-z][a-z\d+.-]*:|\/\/)/i.test(target) && /^(markdown|code)$/.test(type);
    const found = local ? await includedFile(decodeURI(target), file, within, read) : undefined;
    if (!embed || !found) {
      out.push(line);
      continue;
    }
    const text = fragmentOf(withoutFrontMatter(found.text) ?? found.text, settings.fragment);
    const indent = embed[1]!;
    // A fence longer than any the file holds (a Markdown page shown as its source has its own).
    const fence = '`'.repeat(
      Math.max(3, ...[...text.matchAll(/^[ \t]*(`{3,})/gm)].map((m) => m[1]!.length + 1)),
    );
    const body =
      type === 'markdown'
        ? text
        : [`${fence}${extname(found.path).slice(1)}`, text.replace(/\n+$/, ''), fence].join('\n');
    out.push(...body.split('\n').map((l) => (l ? indent + l : l)));
  }
  return out.join('\n');
}

/** docsify's settings in a title (`:include :type=code :fragment=demo`) by name. */
function titleSettings(title: string): Record<string, string> {
  const settings: Record<string, string> = {};
  for (const [, key, value] of title.matchAll(SETTING)) if (!key!.endsWith(':')) settings[key!] = value ?? '';
  return settings;
}

/** The lines between a file's two marks of a fragment (`/// [demo]`, `### [demo]`), dedented; all of it without one. */
function fragmentOf(text: string, fragment: string | undefined): string {
  if (!fragment) return text;
  const mark = `(?:###|\\/\\/\\/)\\s*\\[${fragment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\]`;
  const found = new RegExp(`.*${mark}.*\\n([\\s\\S]*?).*${mark}`).exec(text);
  if (!found) return text;
  const lines = found[1]!.replace(/\n$/, '').split('\n');
  const least = Math.min(...lines.filter((l) => l.trim()).map((l) => /^\s*/.exec(l)![0].length));
  return lines.map((l) => l.slice(Number.isFinite(least) ? least : 0)).join('\n');
}
