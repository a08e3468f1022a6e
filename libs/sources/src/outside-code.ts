/**
 * `change` applied to `text` with the spans `code` matches (code blocks, code spans, passthroughs:
 * where markup is shown, not used) set aside and put back as they were. `code` must be global.
 */
export function outsideCode(text: string, code: RegExp, change: (prose: string) => string): string {
  const spans: string[] = [];
  const prose = text.replace(code, (span) => `\u0001${spans.push(span) - 1}\u0001`);
  return change(prose).replace(/\u0001(\d+)\u0001/g, (_, i: string) => spans[Number(i)]!);
}

/** Markdown's fenced code blocks and code spans: where markup is shown, not used. */
export const MARKDOWN_CODE = /^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?^ {0,3}\1[`~]*[ \t]*$|`[^`\n]+`/gm;

/** `change` applied to Markdown's text outside its fenced code blocks and code spans. */
export function outsideMarkdownCode(markdown: string, change: (prose: string) => string): string {
  return outsideCode(markdown, MARKDOWN_CODE, change);
}
