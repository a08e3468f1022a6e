import { CodeFences } from './code-fences';
import { labelledBlock, labelOf } from './labelled-block';

/**
 * A blockquote that opens with an alert marker on its first line: GitHub's `> [!NOTE]`, `[!TIP]`,
 * `[!IMPORTANT]`, `[!WARNING]`, `[!CAUTION]` (Hugo renders them too, as Hugo's own docs write
 * their notes), with Obsidian's optional title and fold mark (`> [!tip]- Title`).
 */
const ALERT = /^ {0,3}>[ \t]?\[!([A-Za-z]+)\][+-]?[ \t]*(.*)$/;
/** A line that goes on a blockquote. */
const QUOTED = /^ {0,3}>/;

/**
 * Markdown with each alert (see {@link ALERT}) as the labelled quote a reader sees it as:
 * `> **Note:** The url front matter field overrides…`, its title as the label when it has one; the
 * marker was left as text (`[!NOTE]`) in the quote and in answers. Alerts shown in code blocks
 * (a page that documents the syntax) stay as written.
 */
export function alertsAsLabelledQuotes(markdown: string): string {
  if (!markdown.includes('[!')) return markdown;
  const lines = markdown.split('\n');
  const out: string[] = [];
  const fences = new CodeFences();
  for (let i = 0; i < lines.length; i++) {
    const alert = fences.read(lines[i]!) ? null : ALERT.exec(lines[i]!);
    if (!alert) {
      out.push(lines[i]!);
      continue;
    }
    const body: string[] = [];
    while (i + 1 < lines.length && QUOTED.test(lines[i + 1]!))
      body.push(lines[++i]!.replace(/^ {0,3}>[ \t]?/, ''));
    out.push(labelledBlock(alert[2]!.trim() || labelOf(alert[1]!), body.join('\n')));
  }
  return out.join('\n');
}
