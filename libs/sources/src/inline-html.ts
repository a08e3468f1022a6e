/**
 * Inline HTML that Markdown docs write for the generator's sake, as a reader sees it: an anchor
 * that only marks a place (`<a id="opt-log-format" href="#opt-log-format">`, as MkDocs reference
 * tables write each option) as its text, a link to another page as a Markdown link, a line break
 * (`<br />`, how a table cell holds two lines) as a space. The tags otherwise reach answers as
 * text, and their ids and titles count as the section's words.
 */
export function inlineHtmlAsMarkdown(markdown: string): string {
  return markdown
    .replace(/<a\b([^>]*)>((?:(?!<a\b)[\s\S])*?)<\/a\s*>/gi, (_, attributes: string, text: string) => {
      const href = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(attributes);
      const target = href?.[1] ?? href?.[2] ?? '';
      return target && !target.startsWith('#') && text.trim() ? `[${text}](${target})` : text;
    })
    .replace(/<a\b[^>]*\/>|<a\s+(?:id|name)\s*=\s*"[^"]*"\s*>/gi, '')
    .replace(/[ \t]*<br\s*\/?>[ \t]*/gi, ' ');
}
