import { slug } from '@docqa/chunking';
import { CodeFences } from './code-fences';
import { withHeadingIds, type HeadingIdRules } from './heading-ids';
import { fenceIndentedCode } from './indented-code';
import { dedent, labelledBlock, labelledPart, labelOf } from './labelled-block';
import { atxHeadings } from './setext-headings';
import { attributeText as text, jsxAttributes, type JsxAttributes } from './strip-mdx';
import { labelledCodeBlocks } from './vitepress-markdown';

/**
 * A block component of MDC on a line of its own (`::note`, `:::tabs-item{label="npm"}`, `::card`
 * indented inside a `::card-group`): its indentation, colons, name, `[label]` and `{props}`.
 */
const BLOCK = /^([ \t]*)(:{2,})([A-Za-z][\w-]*)(?:\[([^\]\n]*)\])?(?:\{([^}\n]*)\})?[ \t]*$/;
/** A component's slot on a line of its own inside it: `#title`, `#description{unwrap="p"}`, `#default`. */
const SLOT = /^[ \t]*#([A-Za-z][\w-]*)(?:\{[^}\n]*\})?[ \t]*$/;
/** The prefixes of Nuxt UI's names for the same components (`::prose-tip`, `:::u-page-feature`). */
const PREFIX = /^(prose|u)-/;
/** Callouts, as their labelled quotes: `::warning` → `> **Warning:** …`. */
const CALLOUTS: Record<string, string> = {
  note: 'Note',
  tip: 'Tip',
  warning: 'Warning',
  important: 'Important',
  caution: 'Caution',
  callout: 'Note',
  alert: 'Note',
  info: 'Info',
  danger: 'Danger',
  success: 'Success',
};
/**
 * Components whose content shows without a frame of its own: code groups (their fences labelled),
 * file trees of code, steps over their headings, card and field groups, tab sets and accordions
 * (their items labelled), layout boxes.
 */
const UNWRAPPED = new Set([
  'code-group',
  'code-tree',
  'code-preview',
  'code-collapse',
  'steps',
  'card-group',
  'field-group',
  'tabs',
  'accordion',
  'div',
  'container',
  'page-grid',
  'page-section',
  'page-columns',
  'badge',
]);
/** Components that label their content: a tab, an accordion's item, a collapsed part. */
const LABELLED = new Set(['tabs-item', 'tab', 'accordion-item', 'collapsible', 'details']);
/** A component's props in YAML at its start, between `---` lines. */
const YAML_PROPS = /^\s*---[ \t]*\n([\s\S]*?)\n[ \t]*---[ \t]*(\n|$)/;

/**
 * Nuxt Content's Markdown (MDC) as its readers see it: block components (`::note` … `::`, nested by
 * indentation or by more colons) as what they show: callouts as labelled quotes, `::read-more{to}`
 * and `:read-more{to title}` as a link, `:link-example{to}` as the example's link, tab items and
 * collapsibles as labelled parts, cards as their titles (linked) over their text, API fields as
 * their names and types; code groups, code trees, steps and layout boxes as their content; a
 * component without text (`:video-accordion{…}`, `:u-button{…}`) dropped; slots (`#title`) read
 * as the component's parts; props written in YAML at a component's start read. Inline attributes
 * dropped (`` `ssr: false`{lang=ts} ``, `[text]{.class}`), code fences labelled by their titles
 * (`bash [npm]` → `**npm**:`), headings given MDC's ids (GitHub's slugs, runs of hyphens one, a
 * leading digit behind `_`). Indented code is code, as in any remark page.
 */
export function normaliseNuxt(markdown: string): string {
  const read = fenceIndentedCode(atxHeadings(components(markdown)));
  return withHeadingIds(labelledCodeBlocks(read), NUXT_IDS).replace(/\n{3,}/g, '\n\n');
}

/** Each block component of the text as its reader sees it (see {@link normaliseNuxt}); other lines' inline markup read. */
function components(markdown: string): string {
  const lines = markdown.split('\n');
  const out: string[] = [];
  const fences = new CodeFences();
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (fences.read(line)) {
      out.push(line);
      continue;
    }
    const open = BLOCK.exec(line);
    if (!open) {
      out.push(inlineComponents(line));
      continue;
    }
    const [, , colons = '', name = '', label, props = ''] = open;
    const end = closing(lines, i, colons);
    const inner = dedent(lines.slice(i + 1, end).join('\n'));
    const yaml = YAML_PROPS.exec(inner);
    const attributes = { ...jsxAttributes(props), ...(yaml ? yamlProps(yaml[1]!) : {}) };
    const body = yaml ? inner.slice(yaml[0].length) : inner;
    out.push('', rendered(name.replace(PREFIX, ''), attributes, slots(components(body)), label), '');
    i = end;
  }
  return out.join('\n');
}

/**
 * The line closing the component opened at `start`: the first line of its colons alone at its
 * depth (a component of as many colons opened inside it closes first; code blocks are passed
 * over), else the end of the text.
 */
function closing(lines: string[], start: number, colons: string): number {
  const fences = new CodeFences();
  let depth = 0;
  for (let i = start + 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (fences.read(line)) continue;
    if (line.trim() === colons) {
      if (depth === 0) return i;
      depth--;
    } else if (BLOCK.exec(line)?.[2] === colons) depth++;
  }
  return lines.length;
}

/** A component's props written in YAML (`icon: i-lucide-x`, `to: /docs`): top-level `key: value` lines only. */
function yamlProps(yaml: string): JsxAttributes {
  const props: JsxAttributes = {};
  for (const m of yaml.matchAll(/^([A-Za-z][\w-]*):[ \t]*(.+?)[ \t]*$/gm))
    props[m[1]!] = m[2]!.replace(/^(["'])(.*)\1$/, '$2');
  return props;
}

/** A component's content by slot: before any `#name` line is `default`'s, as is `#default`'s. */
function slots(body: string): Map<string, string> {
  const parts = new Map<string, string[]>([['default', []]]);
  let current = parts.get('default')!;
  const fences = new CodeFences();
  for (const line of body.split('\n')) {
    const slot = fences.read(line) ? null : SLOT.exec(line);
    if (!slot) {
      current.push(line);
      continue;
    }
    current = parts.get(slot[1]!) ?? [];
    parts.set(slot[1]!, current);
  }
  return new Map([...parts].map(([name, text]) => [name, text.join('\n').trim()]));
}

/** A block component as its reader sees it (see {@link normaliseNuxt}). */
function rendered(name: string, a: JsxAttributes, parts: Map<string, string>, label?: string): string {
  const title = text(a.title) ?? (parts.get('title') || undefined) ?? text(label);
  const others = [...parts].filter(([slot]) => slot !== 'title' && slot !== 'default');
  const body = [parts.get('default') ?? '', ...others.map(([, t]) => t)].filter(Boolean).join('\n\n');
  const to = text(a.to);
  if (name === 'read-more') {
    const sentence = oneLine(body);
    return sentence && to && !title ? `[${sentence}](${to})` : readMore(to, title);
  }
  if (name === 'link-example') return exampleLink(to, title);
  const callout = CALLOUTS[name];
  if (callout) return labelledBlock(title ?? callout, to ? `${body}\n\n[Read more](${to})` : body);
  if (LABELLED.has(name)) {
    const tab = text(a.label) ?? title ?? (text(a.name) && sentence(text(a.name)!));
    return tab ? labelledPart(tab, body) : body;
  }
  if (name === 'field') return fieldPart(a, body);
  // A button names its link with its label.
  const named = title ?? text(a.label);
  if (UNWRAPPED.has(name) || !(named || to)) return body;
  // A button or link whose text is its content: `::u-button{to="…"}` over "Get started".
  const linkText = !named && to ? oneLine(body) : undefined;
  if (linkText) return `[${linkText}](${to})`;
  // A card, a feature, a hero: its title (linked where it leads somewhere) over its text.
  const description = text(a.description);
  const lead = named && to ? `[${named}](${to})` : named ? `**${named}**` : `<${to}>`;
  return [lead, description, body].filter(Boolean).join('\n\n');
}

/** A phrase as a sentence's start: "additional notes" → "Additional notes". */
const sentence = (phrase: string) => phrase[0]!.toUpperCase() + phrase.slice(1);

/** A body of one paragraph as one line (a link's text); undefined for more than a paragraph, a list or code. */
function oneLine(body: string): string | undefined {
  if (!body || /\n\s*\n|^\s*([-*+>|]|\d+[.)]|`{3,}|~{3,})/m.test(body)) return undefined;
  return body.replace(/\s*\n\s*/g, ' ');
}

/**
 * A "read more" link as the page shows it: `Read more: [Nuxt Concepts](/docs/guide/concepts)`, the
 * link's text its title, else its target's last segment (`typescript#type-checking` →
 * "Typescript"); a block's sentence is the link itself (`[Read more about pre-rendering.](…)`).
 */
function readMore(to: string | undefined, title: string | undefined): string {
  if (!to) return title ?? '';
  return `Read more: [${title ?? targetName(to)}](${to})`;
}

/** An example's link (`:link-example{to="/docs/examples/features/layouts"}`): `Example: [Layouts](…)`. */
function exampleLink(to: string | undefined, title: string | undefined): string {
  return to ? `Example: [${title ?? targetName(to)}](${to})` : '';
}

/** A link target's name from its path's last segment: `/docs/guide/auto-imports#x` → "Auto imports". */
function targetName(to: string): string {
  const last =
    to
      .replace(/[?#].*$/, '')
      .replace(/\/+$/, '')
      .split('/')
      .pop() ?? to;
  return labelOf(last.replace(/[-_]+/g, ' ')) || to;
}

/** An API field (`::field{name="path" type="string" required}`) as its name, type and description. */
function fieldPart(a: JsxAttributes, body: string): string {
  const name = text(a.name) ?? '';
  const about = [text(a.type) && `\`${text(a.type)}\``, a.required !== undefined && 'required'].filter(
    Boolean,
  );
  const lead = `**${name}**${about.length ? ` (${about.join(', ')})` : ''}`;
  return body ? `${lead}: ${body}` : lead;
}

/** An inline component (`:read-more{to="/x"}`, `:badge[v3]`), not inside a word or after a colon. */
const INLINE = /(?<![\w:/]):([A-Za-z][\w-]*)(?:\[([^\]\n]*)\])?(?:\{([^}\n]*)\})?/g;

/**
 * A line's inline MDC as its reader sees it, outside code spans: inline components (`:read-more`
 * as a link, `:badge[v3]` as its text, a copy box as its value in code, a line break `:br` and one
 * with neither text nor link dropped), attributes after
 * code spans, links, spans and emphasis dropped (`` `x`{lang=ts} ``, `[a](b){target=_blank}`,
 * `[text]{.class}` → `text`).
 */
function inlineComponents(line: string): string {
  if (!/[{[]/.test(line)) return line;
  const parts = line.split(/(`+[^`]*?`+)/);
  return parts
    .map((part, i) => {
      if (i % 2) return part;
      // An attribute list right after a code span.
      const prose = i > 0 ? part.replace(/^\{[^}\n]*\}/, '') : part;
      return prose
        .replace(INLINE, (whole, name: string, content?: string, props?: string) => {
          if (content === undefined && props === undefined) return name === 'br' ? '' : whole;
          const a = jsxAttributes(props ?? '');
          const component = name.replace(PREFIX, '');
          if (component === 'read-more') return readMore(text(a.to), text(a.title) ?? text(content));
          if (component === 'link-example') return exampleLink(text(a.to), text(a.title) ?? text(content));
          // A box to copy a value from (`:u-input-copy{value="npx nuxt module add content"}`).
          const value = content === undefined && text(a.value);
          return value ? `\`${value}\`` : (content ?? '');
        })
        .replace(/(\]\([^)\s]*\)|[*_])\{[^}\n]*\}/g, '$1')
        .replace(/(?<!!)\[([^\]\n]*)\]\{[^}\n]*\}/g, '$1');
    })
    .join('');
}

/**
 * MDC's heading ids (`@nuxtjs/mdc`'s compiler): GitHub's slug of the heading's text, runs of
 * hyphens one, none at either end, a leading digit behind `_`; repeats `-1`, `-2`…
 */
const NUXT_IDS: HeadingIdRules = {
  slug: (heading) => slug(heading).replace(/-+/g, '-').replace(/^-|-$/g, '').replace(/^(\d)/, '_$1'),
  repeat: (id, n) => `${id}-${n}`,
};
