import { dedent, labelOf, labelledBlock, labelledPart } from './labelled-block';
import { jsxAttributes, stripMdx, tagEnd } from './strip-mdx';
import { CodeFences } from './code-fences';
import { packageManagerTabs } from './package-manager-tabs';

/** An admonition's opening line: `:::note`, `:::tip Title`, `:::warning[Title]`, `::::info`, `::: code-group`. */
const ADMONITION = /^\s*(:{3,})\s*([a-z]+(?:-[a-z]+)*)\s*(?:\[([^\]]*)\]|(.*?))?\s*$/i;

/** The label of a callout's `type` (Fumadocs' and Nextra's), where it is not the type's word. */
const CALLOUT_LABELS: Record<string, string> = { default: 'Note', warn: 'Warning', idea: 'Tip' };

/**
 * Docusaurus (MDX) content as a reader sees it: `:::note Title … :::` admonitions (nested ones
 * too) as labelled quotes, each `<TabItem label="…">` (Fumadocs' `<Tab value="…">`) as a
 * labelled part, Fumadocs' and Nextra's `<Callout type="warn">` as labelled quotes and their
 * headings' ids (`## Install [#install]`) as `{#install}`, its ```` ```package-install ```` blocks
 * shell commands, Rspress's `<PackageManagerTabs command="…" />` a tab of commands per package
 * manager (see `packageManagerTabs`), inline code without its language (`` `true{:js}` ``), then imports, exports and components
 * without text dropped (see `stripMdx`).
 */
export function normaliseDocusaurus(markdown: string): string {
  const commands = packageManagerTabs(packageInstalls(titledFences(markdown)));
  return flatten(stripMdx(admonitions(tabItems(callouts(inlineCodeLanguages(commands))))));
}

/**
 * Inline code with its language (rehype-pretty-code's, as Nextra writes it: `` `search: false{:js}` ``)
 * as the code a reader sees; fenced code is left as written.
 */
function inlineCodeLanguages(markdown: string): string {
  if (!/\{:[a-z]+\}`/.test(markdown)) return markdown;
  const fences = new CodeFences();
  return markdown
    .split('\n')
    .map((line) => (fences.read(line) ? line : line.replace(/`([^`\n]+?)\{:[a-z]+\}`/g, '`$1`')))
    .join('\n');
}

/** A fence's opening line whose info names a title: its indentation, run, language, and the title. */
const TITLED_FENCE = /^([ \t]*)(`{3,}|~{3,})[ \t]*([\w#+.-]*)[^\n`]*?\btitle=(?:"([^"]*)"|'([^']*)')[^\n`]*$/;

/**
 * A code block titled in its fence (```` ```js title="jest.config.js" ````, Docusaurus's, Starlight's
 * and Rspress's title bar) labelled by its title as the other dialects' are (`**jest.config.js**:`
 * above it), the fence reduced to its language. What code blocks hold is left as written.
 */
function titledFences(markdown: string): string {
  if (!markdown.includes('title=')) return markdown;
  const fences = new CodeFences();
  const out: string[] = [];
  for (const line of markdown.split('\n')) {
    const inside = fences.inside;
    const titled = fences.read(line) && !inside ? TITLED_FENCE.exec(line) : null;
    const title = titled && (titled[4] ?? titled[5])?.trim();
    if (!titled || !title) {
      out.push(line);
      continue;
    }
    const [, indent = '', run = '', language = ''] = titled;
    out.push(`${indent}**${title}**:`, '', `${indent}${run}${language}`);
  }
  return out.join('\n');
}

/**
 * Fumadocs' ```` ```package-install ```` blocks (an npm command its site shows in a tab per package
 * manager) as the shell commands they are: ```` ```bash ````, the npm command as written.
 */
function packageInstalls(markdown: string): string {
  return markdown.replace(/^([ \t]*(?:`{3,}|~{3,}))[ \t]*package-install\b[^\n]*$/gm, '$1bash');
}

/**
 * `<Callout>` … `</Callout>` blocks, their tags on lines of their own or around one line of text,
 * as labelled quotes (`> **Warning:** …`), labelled by their `title`, else their `type` (see
 * `CALLOUT_LABELS`), else `Note`; a heading's Fumadocs id (`[#id]`) as the `{#id}` every heading's
 * custom id is read from, its step mark (`### Install [step]`) dropped. What code blocks show is
 * left as written.
 */
function callouts(markdown: string): string {
  if (!/<Callout\b|\[(?:#[\w-]+|step)\][ \t]*$/m.test(markdown)) return markdown;
  const lines = markdown.split('\n');
  const out: string[] = [];
  const fences = new CodeFences();
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (fences.read(line)) {
      out.push(line);
      continue;
    }
    // Its marks: `[#id]`, and `[step]` (remark-steps numbers such headings as steps).
    const heading = /^(#{1,6}\s.*?)((?:\s*\[(?:#[\w-]+|step)\])+)\s*$/.exec(line);
    if (heading) {
      const id = /\[#([\w-]+)\]/.exec(heading[2]!)?.[1];
      out.push(id ? `${heading[1]} {#${id}}` : heading[1]!);
      continue;
    }
    const start = /^\s*<Callout\b/.exec(line);
    const end = start ? tagEnd(line, line.indexOf('<')) : -1;
    if (!start || end < 0 || end > line.length) {
      out.push(line);
      continue;
    }
    const tag = line.slice(line.indexOf('<'), end);
    const body: string[] = [line.slice(end)];
    const inner = new CodeFences();
    let j = i;
    while (!(!inner.inside && body.at(-1)!.includes('</Callout>')) && j + 1 < lines.length) {
      j++;
      inner.read(lines[j]!);
      body.push(lines[j]!);
    }
    if (!body.at(-1)!.includes('</Callout>')) {
      out.push(line);
      continue;
    }
    const last = body.at(-1)!;
    body[body.length - 1] = last.slice(0, last.lastIndexOf('</Callout>'));
    const type = (attribute(tag, 'type') ?? '').trim().toLowerCase();
    const label = attribute(tag, 'title')?.trim() || CALLOUT_LABELS[type] || (type ? labelOf(type) : 'Note');
    out.push('', labelledBlock(label, body.join('\n'), false), '');
    i = j;
  }
  return out.join('\n');
}

/**
 * Prose indented under a component's tags, dedented: MDX has no indented code blocks, and
 * Markdown read later (chunks, answers) would take text indented four columns for code.
 */
export function flatten(markdown: string): string {
  const fences = new CodeFences();
  let previous = '';
  return markdown
    .split('\n')
    .map((line) => {
      if (fences.read(line)) return line;
      const inList = /^\s*([-*+]|\d+[.)])\s/.test(previous) || /^\s{2,}\S/.test(previous);
      const out = !inList && /^\s{4,}\S/.test(line) ? line.trimStart() : line;
      if (line.trim()) previous = out;
      return out;
    })
    .join('\n');
}

/**
 * `:::kind Title` … `:::` blocks as labelled quotes, innermost first; of the kinds in `unwrapped`
 * (VitePress's `code-group`, `raw`), the content alone.
 */
export function admonitions(markdown: string, unwrapped: ReadonlySet<string> = new Set()): string {
  const lines = markdown.split('\n');
  const out: string[] = [];
  const fences = new CodeFences();
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (fences.read(line)) {
      out.push(line);
      continue;
    }
    const open = ADMONITION.exec(line);
    if (!open) {
      out.push(line);
      continue;
    }
    const end = closing(lines, i, open[1]!);
    const body = admonitions(lines.slice(i + 1, end).join('\n'), unwrapped);
    // Without its attributes (`::: warning Title {#id}`).
    const title = (open[3] ?? open[4] ?? '').replace(/\s*\{[#.][^}]*\}\s*$/, '').trim();
    out.push('', unwrapped.has(open[2]!) ? body : labelledBlock(title || labelOf(open[2]!), body), '');
    i = end;
  }
  return out.join('\n');
}

/**
 * The line closing the admonition opened at `start` with `colons` (nested ones skipped); when the
 * nested ones leave it none, the first closing line, as markdown-it's containers (VitePress) read
 * `::: warning` … `::: code-group` … `:::`: the inner one ends with the outer; with no closing
 * line at all, the end of the text, as markdown-it and remark close it.
 */
function closing(lines: string[], start: number, colons: string): number {
  let depth = 0;
  let first = -1;
  for (let i = start + 1; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === colons) {
      if (depth === 0) return i;
      if (first === -1) first = i;
      depth--;
    } else if (line.startsWith(colons) && ADMONITION.test(line) && /^:+/.exec(line)![0] === colons) depth++;
  }
  return first === -1 ? lines.length : first;
}

/**
 * Each `<TabItem value="…" label="…">…</TabItem>` (Fumadocs' `<Tab value="…">`, on one line or
 * several) as its label over its dedented content; a tab without a label of its own (Fumadocs'
 * `<Tab>`, Nextra's `<Tabs.Tab>`) takes the one its `<Tabs items={['npm', 'pnpm']}>` gives it by
 * its place.
 */
function tabItems(markdown: string): string {
  return itemLabelled(markdown)
    .replace(
      /^([ \t]*)<(TabItem|Tab)\b([^>]*)>([^\n]*?)<\/\2>[ \t]*$/gm,
      (whole, indent: string, name: string, attributes: string, body: string) =>
        body.trim() ? `${indent}<${name}${attributes}>\n${indent}${body.trim()}\n${indent}</${name}>` : whole,
    )
    .replace(
      /^[ \t]*<(TabItem|Tab)\b([^>]*)>[ \t]*\n?([\s\S]*?)^[ \t]*<\/\1>[ \t]*$/gm,
      (_, _name: string, attributes: string, body: string) => {
        const label = attribute(attributes, 'label') ?? attribute(attributes, 'value');
        return label ? `\n${labelledPart(label, body)}\n` : dedent(body);
      },
    );
}

/**
 * The tabs of a `<Tabs items={[…]}>` without a label of their own (`<Tab>`, `<Tabs.Tab>`) as
 * `<Tab value="…">`, each given its item by its place; what code blocks show is left as written.
 */
function itemLabelled(markdown: string): string {
  if (!/<Tabs\b[^>]*\bitems=/.test(markdown)) return markdown;
  const fences = new CodeFences();
  let items: string[] | undefined;
  let next = 0;
  return markdown
    .split('\n')
    .map((line) => {
      if (fences.read(line)) return line;
      const opened = /<Tabs\b[^>]*\bitems=\{\[([^\]]*)\]\}/.exec(line);
      if (opened) {
        items = [...opened[1]!.matchAll(/(["'`])((?:(?!\1).)*)\1/g)].map((m) => m[2]!);
        next = 0;
      }
      if (!items) return line;
      const labelled = line
        .replace(
          /<(?:Tabs\.Tab|Tab)(?=[\s>])(?![^>]*\b(?:value|label|title)=)([^>]*)>/g,
          (tag, rest: string) =>
            next < items!.length ? `<Tab value=${JSON.stringify(items![next++])}${rest}>` : tag,
        )
        .replace(/<\/Tabs\.Tab>/g, '</Tab>');
      if (/<\/Tabs>/.test(line)) items = undefined;
      return labelled;
    })
    .join('\n');
}

function attribute(attributes: string, name: string): string | undefined {
  const value = jsxAttributes(attributes)[name];
  return typeof value === 'string' ? value : undefined;
}
