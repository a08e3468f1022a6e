import { labelOf, labelledBlock, labelledPart } from './labelled-block';

/** What Hugo's normaliser needs to know about the site. */
export interface HugoOptions {
  /**
   * The published URL of the page a `ref`/`relref` names (`install.md#linux`, `/docs/install`),
   * anchor included; null when no page of the site is known by that name (the target is then
   * kept as a link relative to the page).
   */
  resolveRef?: (target: string) => string | null;
}

/** One shortcode tag: `{{< name args >}}`, `{{% /name %}}`, `{{< name args />}}`. */
interface Tag {
  start: number;
  end: number;
  name: string;
  args: string;
  closing: boolean;
  selfClosed: boolean;
}

const TAG = /\{\{([<%])\s*(\/)?\s*([\w.-]+(?:\/[\w.-]+)*)([\s\S]*?)(\/)?\s*[>%]\}\}/g;
/** Shortcodes shown as a labelled admonition; `notice` and `alert` may name their kind first. */
const ADMONITIONS = new Set([
  ...['note', 'notes', 'warning', 'tip', 'caution', 'important', 'info', 'danger', 'hint'],
  ...['notice', 'alert', 'callout', 'admonition', 'attention', 'error', 'success', 'example'],
]);
/** Shortcodes of one tab, or of a collapsible part, labelled by their title. */
const PARTS = new Set(['tab', 'details', 'expand', 'collapse', 'accordion', 'spoiler']);
/** Shortcodes whose content is code in the language they name. */
const CODE = new Set(['highlight', 'code']);
/**
 * Shortcodes whose content is configuration shown in several formats (Hugo's docs'
 * `{{< code-toggle file=hugo >}}`, TOML, YAML and JSON tabs): code, in the language it is written in.
 */
const CONFIG_CODE = new Set(['code-toggle']);

/**
 * Hugo content as a reader sees it: `ref`/`relref` become the page's URL; paired shortcodes keep
 * their inner text (nested ones too), admonition-like ones (`note`, `warning`, `notice tip`,
 * `alert title="…"`) as labelled quotes, tabs and collapsible parts labelled by their title,
 * `highlight LANG` and `code-toggle` as fenced code; shortcodes without content (figures, videos,
 * parameters) are dropped; a shortcode written for show (`{{</` `* x *` `/>}}`) is shown as written.
 */
export function normaliseHugo(markdown: string, options: HugoOptions = {}): string {
  const escaped: string[] = [];
  const text = markdown.replace(/\{\{([<%])\/\*([\s\S]*?)\*\/([>%])\}\}/g, (_, open, inner, close) => {
    escaped.push(`{{${open}${inner}${close}}}`);
    return `\u0000${escaped.length - 1}\u0000`;
  });
  const tags = [...text.matchAll(TAG)].map((m): Tag => ({
    start: m.index,
    end: m.index + m[0].length,
    name: m[3]!.toLowerCase(),
    args: m[4]!.trim(),
    closing: Boolean(m[2]),
    selfClosed: Boolean(m[5]),
  }));
  const out = render(text, tags, 0, text.length, options);
  return out.replace(/\u0000(\d+)\u0000/g, (_, i: string) => escaped[Number(i)]!).replace(/\n{3,}/g, '\n\n');
}

/** The pages a file's `ref`/`relref` shortcodes name, as written (`/operate/install#linux`). */
export function hugoRefTargets(markdown: string): string[] {
  return [...markdown.matchAll(TAG)]
    .filter((m) => !m[2] && /^(?:ref|relref)$/i.test(m[3]!))
    .map((m) => argument(m[4]!.trim(), 'path') ?? '')
    .filter(Boolean);
}

/** The text between `from` and `to` with the shortcodes in it replaced. */
function render(text: string, tags: Tag[], from: number, to: number, options: HugoOptions): string {
  let out = '';
  let at = from;
  for (let i = 0; i < tags.length; i++) {
    const tag = tags[i]!;
    if (tag.start < at || tag.end > to) continue;
    out += text.slice(at, tag.start);
    at = tag.end;
    if (tag.closing) continue; // a closing tag without its opening one
    const close = tag.selfClosed ? -1 : closingTag(tags, i);
    if (close === -1) {
      out += single(tag, options);
      continue;
    }
    const inner = render(text, tags, tag.end, tags[close]!.start, options);
    // A shortcode opening an indented line (inside a list item) leaves its block there.
    const indent = /(?:^|\n)([ \t]+)$/.exec(out)?.[1] ?? '';
    out += paired(tag, inner, text.slice(tag.end, tags[close]!.start), indent);
    at = tags[close]!.end;
  }
  return out + text.slice(at, to);
}

/** The index of the tag closing `tags[open]`, nested tags of the same name counted; -1 if none. */
function closingTag(tags: Tag[], open: number): number {
  const { name } = tags[open]!;
  let depth = 0;
  for (let i = open + 1; i < tags.length; i++) {
    const tag = tags[i]!;
    if (tag.name !== name || tag.selfClosed) continue;
    if (!tag.closing) depth++;
    else if (depth-- === 0) return i;
  }
  return -1;
}

/** A shortcode without content: a reference becomes its page's URL, anything else goes. */
function single(tag: Tag, { resolveRef }: HugoOptions): string {
  if (tag.name !== 'ref' && tag.name !== 'relref') return '';
  const target = argument(tag.args, 'path') ?? '';
  return resolveRef?.(target) ?? target;
}

/**
 * A paired shortcode as its content, labelled or fenced when its kind says so; a labelled block
 * indented as the line it opens (`indent`), so that it stays inside the list item it is written in.
 */
function paired(tag: Tag, inner: string, raw: string, indent: string): string {
  const title = argument(tag.args, 'title') ?? argument(tag.args, 'header') ?? argument(tag.args, 'name');
  const first = positional(tag.args)[0];
  if (CODE.has(tag.name) || CONFIG_CODE.has(tag.name)) {
    const code = raw.replace(/^\s*\n|\s+$/g, '');
    const language = CONFIG_CODE.has(tag.name)
      ? configLanguage(code)
      : (first ?? argument(tag.args, 'lang') ?? '');
    return `\n\`\`\`${language}\n${code}\n\`\`\`\n`;
  }
  if (ADMONITIONS.has(tag.name)) {
    const kind = ['notice', 'alert', 'callout', 'admonition'].includes(tag.name)
      ? (first ?? 'note')
      : tag.name;
    return `\n\n${indented(labelledBlock(title ?? labelOf(kind), inner), indent)}\n\n`;
  }
  if (PARTS.has(tag.name)) {
    const label = title ?? first ?? argument(tag.args, 'summary');
    return label ? `\n\n${indented(labelledPart(label, inner), indent)}\n\n` : inner;
  }
  return inner;
}

/** Each line of a block that holds text led by `indent`. */
const indented = (block: string, indent: string): string =>
  indent ? block.replace(/^(?=.*\S)/gm, indent) : block;

/** A named argument's value: `title="Before you start"`. */
function argument(args: string, name: string): string | undefined {
  const match = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|\`([^\`]*)\`|(\\S+))`).exec(args);
  if (match) return match[1] ?? match[2] ?? match[3] ?? match[4];
  return name === 'path' ? positional(args)[0] : undefined;
}

/** The positional arguments (quoted or bare words, not `name=value`). */
function positional(args: string): string[] {
  const out: string[] = [];
  for (const m of args.matchAll(/(\w+\s*=\s*)?(?:"([^"]*)"|'([^']*)'|`([^`]*)`|(\S+))/g)) {
    if (!m[1]) out.push(m[2] ?? m[3] ?? m[4] ?? m[5]!);
  }
  return out;
}

/** The format configuration is written in: JSON (`{`), YAML (`key: value`) or TOML. */
function configLanguage(code: string): string {
  const first = code.trimStart();
  if (first.startsWith('{')) return 'json';
  return /^[\w.-]+:(\s|$)/m.test(first) && !/^\s*\[|^[\w.-]+\s*=/m.test(first) ? 'yaml' : 'toml';
}
