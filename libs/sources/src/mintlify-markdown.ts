import { CodeFences } from './code-fences';
import { flatten } from './docusaurus-markdown';
import { dedentLine } from './indented-code';
import { dedent, labelledBlock, labelledPart } from './labelled-block';
import { rewriteLinks } from './markdown-links';
import { atxHeadings } from './setext-headings';
import { attributeText as text, jsxAttributes, stripMdx, tagEnd, type JsxAttributes } from './strip-mdx';

/** Mintlify's callouts, each labelled as its icon shows it. */
const CALLOUTS = new Set(['Note', 'Tip', 'Info', 'Warning', 'Check', 'Danger', 'Callout']);
/** Components that frame their content only: it is read as written in the page's flow. */
const WRAPPERS = [
  'Steps',
  'CodeGroup',
  'RequestExample',
  'ResponseExample',
  'Expandable',
  'Tabs',
  'AccordionGroup',
  'CardGroup',
  'Columns',
];
/** The components read here; any other tag is dropped with its text kept (see `stripMdx`). */
const COMPONENTS = new Set([
  ...CALLOUTS,
  'Tab',
  'Step',
  'Accordion',
  'ParamField',
  'ResponseField',
  'Card',
  'Update',
  'Frame',
  ...WRAPPERS,
]);
/** Where a parameter of `<ParamField>` is sent, by the attribute naming it. */
const PARAMETER_PLACES = ['path', 'query', 'body', 'header', 'cookie'] as const;
/** A fence's options that are no title: `{1,3}`, `lines`, `wrap`, `icon="python"`, `theme={null}`. */
const FENCE_OPTION =
  /^(?:\{[^}]*\}|lines|wrap|expandable|twoslash|[\w-]+=(?:"[^"]*"|'[^']*'|\{[^}]*\}|\S+))$/;
/** A code span set aside: `\u0001` and its index (see `setAsideCode`). */
const SPAN = /\u0001(\d+)\u0001/g;
/** A code block set aside, on a line of its own: `\u0002` and its index. */
const BLOCK = /^(.*?)\u0002(\d+)\u0002/gm;

/**
 * Mintlify's MDX as its readers see it: callouts (`<Note>`, `<Tip>`, `<Info>`, `<Warning>`,
 * `<Check>`, `<Danger>`, `<Callout>`) as labelled quotes; each `<Tab title="…">` and
 * `<Accordion title="…">` as a part labelled by its title; a `<Steps>`' steps as a numbered list,
 * each item led by its title (`1. **Install the CLI**`), its content indented under it; an API field (`<ParamField query="limit"
 * type="number" required>`, `<ResponseField>`, nested in `<Expandable>`) as an item led by its name,
 * place, type and whether it is required; a `<Card>` as an item linking its title; an `<Update>` by
 * its label; a `<Frame>`'s caption kept; a code block's title (```` ```bash npm ````, `title="x"`)
 * as its label, its fence reduced to the language, so a `<CodeGroup>`'s blocks read as tabs;
 * imports, exports and other components' tags dropped, their text kept (see `stripMdx`), prose
 * indented under components dedented. Code is left as written (a page showing MDX).
 */
export function normaliseMintlify(markdown: string): string {
  const code: string[] = [];
  const prose = setAsideCode(atxHeadings(markdown), code);
  const read = flatten(stripMdx(rendered(parse(prose)))).replace(/\n(?:[ \t]*\n){2,}/g, '\n\n');
  return putBack(read, code);
}

/** A component read from the page, with what lies between its tags. */
interface Element {
  name: string;
  attributes: JsxAttributes;
  children: Node[];
}
type Node = string | Element;

/**
 * The page's text as a tree of the components read here (see `COMPONENTS`); a closing tag without
 * its opening is dropped, an element never closed ends with its parent.
 */
function parse(text: string): Node[] {
  const root: Element = { name: '', attributes: {}, children: [] };
  const open: Element[] = [root];
  const tag = /<(\/?)([A-Z][A-Za-z]*)\b/g;
  let from = 0;
  for (let m = tag.exec(text); m; m = tag.exec(text)) {
    const [, closing, name = ''] = m;
    if (!COMPONENTS.has(name)) continue;
    const end = tagEnd(text, m.index);
    open.at(-1)!.children.push(text.slice(from, m.index));
    from = tag.lastIndex = end;
    if (closing) {
      const at = open.findLastIndex((e) => e.name === name);
      if (at > 0) open.length = at;
      continue;
    }
    const source = text.slice(m.index, end);
    const element: Element = { name, attributes: jsxAttributes(source), children: [] };
    open.at(-1)!.children.push(element);
    if (!source.endsWith('/>')) open.push(element);
  }
  open.at(-1)!.children.push(text.slice(from));
  return root.children;
}

/** Nodes as the Markdown a reader sees (see {@link normaliseMintlify}). */
function rendered(nodes: Node[]): string {
  let step = 0;
  return nodes
    .map((node) => {
      if (typeof node === 'string') return node;
      // MDX has no indented code: what a component holds is prose however far it is indented.
      const body = flatten(dedent(rendered(node.children)));
      const a = node.attributes;
      const title = text(a.title);
      switch (node.name) {
        case 'Step':
          step++;
          return block(item(title ? `**${title}**` : '', body, `${step}.`));
        case 'Tab':
          return block(labelledPart(title ?? text(a.value) ?? 'Tab', body, false));
        case 'Accordion': {
          const label = [title, text(a.description)].filter(Boolean).join(': ');
          return block(label ? labelledPart(label, body, false) : body);
        }
        case 'Update':
          return block(labelledPart(text(a.label) ?? 'Update', body, false));
        case 'ParamField':
        case 'ResponseField':
          return block(fieldItem(a, body));
        case 'Card':
          return block(cardItem(a, body));
        case 'Frame':
          return block([body.trim(), text(a.caption)].filter(Boolean).join('\n\n'));
        default:
          if (WRAPPERS.includes(node.name)) return block(body);
          return block(labelledBlock(title ?? (node.name === 'Callout' ? 'Note' : node.name), body, false));
      }
    })
    .join('');
}

/** A block of its own: blank lines around it, as it stands in the page's flow. */
const block = (markdown: string) => `\n\n${markdown.trim()}\n\n`;

/**
 * An API field as a list item: `` - `limit` (query, number, required, default: 10): … ``, its
 * description's later paragraphs and nested fields indented under it.
 */
function fieldItem(a: JsxAttributes, body: string): string {
  const place = PARAMETER_PLACES.find((p) => text(a[p]));
  const name = text(place && a[place]) ?? text(a.name) ?? text(a.param) ?? '';
  const fallback = text(a.default);
  const about = [
    place,
    text(a.type),
    a.required !== undefined && a.required !== 'false' && 'required',
    a.deprecated !== undefined && a.deprecated !== 'false' && 'deprecated',
    fallback && `default: \`${fallback}\``,
  ].filter(Boolean);
  const lead = `\`${name}\`${about.length ? ` (${about.join(', ')})` : ''}`;
  return item(lead, body);
}

/** A card as a list item linking its title: `- [Quickstart](/quickstart): Start in minutes.` */
function cardItem(a: JsxAttributes, body: string): string {
  const title = text(a.title);
  const href = text(a.href);
  const lead = title && href ? `[${title}](${href})` : title ? `**${title}**` : href ? `<${href}>` : '';
  return lead ? item(lead, body) : dedent(body);
}

/**
 * `lead` as a list item (`marker`: `-`, or a step's number, `1.`), `body`'s first paragraph after
 * it (on a line of its own after a step's title) and its other blocks indented under it.
 */
function item(lead: string, body: string, marker = '-'): string {
  const [first = '', ...rest] = dedent(body)
    .trim()
    .split(/\n\s*\n/);
  const inline = marker === '-' || !lead;
  const opening = !inline || /^(`{3,}|~{3,}|[-*+]\s|\d+[.)]\s|\||>)|\u0002/.test(first) ? '' : first;
  const blocks = opening ? rest : [first, ...rest].filter(Boolean);
  const text = opening.replace(/\s*\n\s*/g, ' ');
  const head = `${marker} ${lead}${lead && text ? ': ' : ''}${text}`;
  const indent = ' '.repeat(marker.length + 1);
  const under = blocks.map((b) => b.replace(/^/gm, indent)).join('\n\n');
  return under ? `${head}\n\n${under}` : head;
}

/**
 * The page's fenced code blocks and code spans replaced by placeholders (`\u0002` or `\u0001` and
 * an index into `code`), so that components are read in prose only: a block is kept dedented by its fence's
 * indentation, its fence reduced to its language, and a title its fence names (```` ```bash npm ````,
 * ```` ```yaml title="config.yaml" ````) written as a label above it.
 */
function setAsideCode(markdown: string, code: string[]): string {
  const lines = markdown.split('\n');
  const out: string[] = [];
  const fences = new CodeFences();
  // MDX has no indented code: a fence opens at any indentation (under a `<Tab>`'s), and closes
  // at any (AgentOps' pages close blocks a tab deeper or shallower than they open them).
  const width = (line: string) => /^[ \t]*/.exec(line)![0].replace(/\t/g, '    ').length;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const open = /^([ \t]*)(`{3,}|~{3,})(.*)$/.exec(line);
    if (!fences.read(line, width(line)) || !open) {
      out.push(line.replace(/(`+)[^`\n]+?\1/g, (span) => `\u0001${code.push(span) - 1}\u0001`));
      continue;
    }
    const [, indent = '', run = '', info = ''] = open;
    const body: string[] = [];
    let close = run;
    for (i++; i < lines.length; i++) {
      fences.read(lines[i]!, width(lines[i]!));
      if (!fences.inside) {
        close = lines[i]!.trim();
        break;
      }
      body.push(dedentLine(lines[i]!, indent.replace(/\t/g, '    ').length));
    }
    const { language, title } = fenceInfo(info);
    const index = code.push([`${run}${language}`, ...body, close].join('\n')) - 1;
    if (title) out.push(`${indent}**${title}**:`, '');
    out.push(`${indent}\u0002${index}\u0002`);
  }
  return out.join('\n');
}

/** A fence's language and title: `bash npm`, `yaml title="config.yaml"`, `python main.py {3} lines`. */
function fenceInfo(info: string): { language: string; title?: string } {
  const [language = '', ...rest] = info.trim().split(/\s+(?=(?:[^"]*"[^"]*")*[^"]*$)/);
  const named = /\btitle=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(info);
  const words = rest
    .filter((w) => !FENCE_OPTION.test(w))
    .join(' ')
    .trim();
  const title = (named ? (named[1] ?? named[2] ?? named[3]) : words)?.trim();
  const bare = language.replace(/[{:].*$/, '');
  return { language: bare, ...(title && title.toLowerCase() !== bare.toLowerCase() && { title }) };
}

/**
 * The code set aside put back: a block placed after a quote's or a list item's marks (a callout's
 * `> `, an item's indentation) has its every line placed so, so that it stays inside.
 */
function putBack(markdown: string, code: string[]): string {
  return markdown
    .replace(BLOCK, (_, before: string, index: string) => {
      const span = code[Number(index)]!;
      // A block's later lines continue its container: quote marks kept, an item's marker as spaces.
      const container = /^[ \t>]*(?:(?:[-*+]|\d+[.)])[ \t]+)?$/.test(before)
        ? before.replace(/[-*+]|\d+[.)]/g, (m) => ' '.repeat(m.length))
        : '';
      return (before + span)
        .split('\n')
        .map((line, i) => (i ? `${container}${line}`.replace(/[ \t]+$/, '') : line))
        .join('\n');
    })
    .replace(SPAN, (_, i: string) => code[Number(i)]!);
}

/**
 * A Mintlify page's links from the site's root (`/cli/install`) as the site's pages under its base
 * URL: Mintlify serves a site hosted in a folder (`https://acme.test/docs/`) with its links moved
 * into that folder.
 */
export function mintlifyRootLinks(markdown: string, baseUrl: string): string {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  return rewriteLinks(markdown, (target) =>
    /^\/(?!\/)/.test(target) ? new URL(`.${target}`, base).href : null,
  );
}
