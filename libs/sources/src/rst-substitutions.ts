import { CodeFences } from './code-fences';
import { rstInline } from './rst-inline';

/** A substitution definition: `.. |name| replace:: text`, `.. |logo| image:: logo.png`. */
const DEFINITION = /^\.\.\s+\|([^|\s](?:[^|]*[^|\s])?)\|\s+([\w:-]+)::\s*(.*)$/;

/**
 * The substitution definitions of a reStructuredText page, each name with what a reader sees in
 * its place: a `replace` definition's text (continued on its indented lines) as Markdown, a
 * `unicode` one's characters (`U+00A9`, `0xA9`), nothing for an `image` (its picture is no text).
 * Sphinx's `|version|` and `|release|` come from the project's configuration, not the page.
 */
export function rstSubstitutions(lines: string[]): Map<string, string> {
  const found = new Map<string, string>();
  for (let i = 0; i < lines.length; i++) {
    const match = DEFINITION.exec(lines[i]!);
    if (!match) continue;
    const [, name, kind, first] = match as unknown as [string, string, string, string];
    const rest: string[] = [];
    while (i + 1 < lines.length && /^\s+\S/.test(lines[i + 1]!)) rest.push(lines[++i]!.trim());
    const text = [first, ...rest].join(' ').trim();
    if (kind === 'replace') found.set(name, rstInline(text));
    else if (kind === 'unicode') found.set(name, unicodeText(text));
    else if (kind === 'image') found.set(name, '');
  }
  return found;
}

/** `U+00A9`, `0xA9`, `\xA9`, `&#xA9;`, a number or text, as the unicode directive reads them. */
function unicodeText(text: string): string {
  return text
    .replace(/\s*\.\.\s.*$/, '')
    .split(/\s+/)
    .map((t) => {
      const hex = /^(?:U\+|0x|\\x|\\u|&#x)([0-9a-f]+);?$/i.exec(t)?.[1];
      if (hex) return String.fromCodePoint(parseInt(hex, 16));
      return /^\d+$/.test(t) ? String.fromCodePoint(Number(t)) : t;
    })
    .join('');
}

/**
 * Markdown with each reference to a defined substitution (`|name|`, `|name|_`) replaced by its
 * text, outside code blocks and code spans, where reStructuredText leaves them as written; an
 * undefined name stays (`|version|`, a table's cell borders).
 */
export function withSubstitutions(markdown: string, substitutions: Map<string, string>): string {
  if (!substitutions.size) return markdown;
  const fences = new CodeFences();
  return markdown
    .split('\n')
    .map((line) => {
      if (fences.read(line)) return line;
      return line
        .split(/(`[^`\n]*`)/)
        .map((part, i) =>
          i % 2
            ? part
            : part.replace(/\|([^|\s](?:[^|]*[^|\s])?)\|(?:__?)?/g, (whole, name: string) =>
                substitutions.has(name) ? substitutions.get(name)! : whole,
              ),
        )
        .join('');
    })
    .join('\n');
}
