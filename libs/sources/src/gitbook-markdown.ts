import { CodeFences } from './code-fences';
import { fenceIndentedCode } from './indented-code';
import { labelledBlock, labelledPart, labelOf } from './labelled-block';
import { outsideMarkdownCode } from './outside-code';
import { atxHeadings } from './setext-headings';

/** A GitBook block tag on a line of its own: `{% hint style="info" %}`, `{% endhint %}`, `{% @figma/embed … %}`. */
const TAG_LINE = /^\s*\{%\s*(end)?(@?[\w/.-]+)((?:\s+[^%]*?)?)\s*%\}\s*$/;
/** A GitBook tag left inside a line of prose. */
const INLINE_TAG = /\{%\s*[^%\n]*?%\}/g;
/** The label of each hint style, as its icon shows it. */
const HINT_LABELS: Record<string, string> = {
  info: 'Info',
  success: 'Success',
  warning: 'Warning',
  danger: 'Danger',
};

/**
 * GitBook's Markdown (a space synced from Git) as its readers see it: `{% hint style="warning" %}`
 * blocks as labelled quotes; `{% tabs %}`'s `{% tab title="npm" %}` as labelled parts; a `{% code
 * title="app.js" %}` block's code labelled by its title; an API block (`{% openapi … path="/v1/x"
 * method="post" %}`, `{% swagger method="get" path="/x" %}`) as its method and path, a swagger
 * parameter as an item (`` `id` (path, string, required): … ``), a response by its status; the tags
 * of `{% content-ref %}` (its link kept), `{% embed %}` (its caption kept), `{% stepper %}`,
 * `{% step %}`, adaptive content's `{% if %}` and any other block dropped, their text kept; code is
 * left alone (a Liquid example's `{% if %}` is the example's). Indented code is fenced and setext
 * headings written as `#` ones.
 */
export function normaliseGitbook(markdown: string): string {
  const read = blocks(atxHeadings(fenceIndentedCode(markdown)).split('\n')).join('\n');
  return outsideMarkdownCode(read, (prose) => prose.replace(INLINE_TAG, '')).replace(/\n{3,}/g, '\n\n');
}

/** Lines with the GitBook blocks among them read (see {@link normaliseGitbook}). */
function blocks(lines: string[]): string[] {
  const out: string[] = [];
  const fences = new CodeFences();
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const tag = fences.read(line) ? null : TAG_LINE.exec(line);
    if (!tag) {
      out.push(line);
      continue;
    }
    const [, end, name = '', rest = ''] = tag;
    if (end) continue;
    const close = closingLine(lines, i, name);
    const body = close === -1 ? [] : blocks(lines.slice(i + 1, close));
    if (close !== -1) i = close;
    out.push('', ...rendered(name, attributes(rest), body), '');
  }
  return out;
}

/** The line of the tag that closes the block `name` opened at `start` (nested ones counted), or -1. */
function closingLine(lines: string[], start: number, name: string): number {
  const fences = new CodeFences();
  let depth = 0;
  for (let i = start + 1; i < lines.length; i++) {
    const tag = fences.read(lines[i]!) ? null : TAG_LINE.exec(lines[i]!);
    if (tag?.[2] !== name) continue;
    if (!tag[1]) depth++;
    else if (depth-- === 0) return i;
  }
  return -1;
}

/** A tag's attributes: `style="info"`, `title="npm"`. */
function attributes(text: string): Record<string, string> {
  return Object.fromEntries([...text.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
}

/** A block as a reader sees it, from its tag's name and attributes and its body's lines. */
function rendered(name: string, attrs: Record<string, string>, body: string[]): string[] {
  const text = body.join('\n');
  const method = (attrs.method ?? '').toUpperCase();
  switch (name) {
    case 'hint':
      return labelledBlock(HINT_LABELS[attrs.style ?? ''] ?? labelOf(attrs.style || 'note'), text).split(
        '\n',
      );
    case 'tab':
      return labelledPart(attrs.title || 'Tab', text).split('\n');
    case 'code':
      return attrs.title ? [`**${attrs.title}**:`, '', ...body] : body;
    case 'openapi':
    case 'openapi-operation':
      // Its body links the specification file, which the page draws the operation from.
      return attrs.path ? [`**${method}** \`${attrs.path}\``] : [];
    case 'swagger': {
      const summary = attrs.summary ? `: ${attrs.summary}` : '';
      return [`**${method}** \`${attrs.baseUrl ?? ''}${attrs.path ?? ''}\`${summary}`, '', ...body];
    }
    case 'swagger-parameter': {
      const about = [attrs.in, attrs.type, attrs.required === 'true' && 'required'].filter(Boolean);
      return [`- \`${attrs.name ?? ''}\` (${about.join(', ')}): ${text.replace(/\s+/g, ' ').trim()}`];
    }
    case 'swagger-response':
      return [
        `**Response ${attrs.status ?? ''}**${attrs.description ? `: ${attrs.description}` : ''}`,
        '',
        ...body,
      ];
    default:
      return body;
  }
}
