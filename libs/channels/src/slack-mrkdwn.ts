import { Lexer, type Token, type Tokens } from 'marked';
import type { Source } from '@docqa/contracts';

/** A citation marker in an answer: `[n]`, or `[n, m]` for several sources. */
const CITATION = /\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\]/g;

/** Slack's three control characters, escaped as its docs ask. */
function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * An answer's Markdown in Slack's mrkdwn: `**bold**` → `*bold*`, `_em_`, `[text](url)` →
 * `<url|text>`, headings as bold lines, lists with bullets or numbers, code blocks fenced with
 * ``` (Slack shows no language; `<`, `>` and `&` escaped there too, as everywhere), and each `[n]` citation linked to source `n`'s page when it has one.
 */
export function toMrkdwn(markdown: string, sources: Source[] = []): string {
  const tokens = new Lexer({ gfm: true }).lex(markdown);
  return blocks(tokens, sources).trim();
}

function blocks(tokens: Token[], sources: Source[], indent = ''): string {
  return tokens
    .map((token) => block(token, sources, indent))
    .filter((text) => text !== '')
    .join('\n');
}

function block(token: Token, sources: Source[], indent: string): string {
  switch (token.type) {
    case 'heading':
    case 'paragraph':
      return indent + wrapHeading(token, inline((token as Tokens.Paragraph).tokens, sources));
    case 'code':
      return `\`\`\`\n${escape((token as Tokens.Code).text)}\n\`\`\``;
    case 'list':
      return list(token as Tokens.List, sources, indent);
    case 'blockquote':
      return blocks((token as Tokens.Blockquote).tokens, sources)
        .split('\n')
        .map((line) => `> ${line}`)
        .join('\n');
    case 'table':
      return table(token as Tokens.Table, sources);
    case 'hr':
      return '───';
    case 'space':
      return '';
    case 'text':
      return (
        indent +
        ('tokens' in token && token.tokens
          ? inline(token.tokens, sources)
          : cite(escape(token.text), sources))
      );
    default:
      return indent + escape('text' in token ? String(token.text) : token.raw);
  }
}

function wrapHeading(token: Token, text: string): string {
  return token.type === 'heading' ? `*${text.replace(/\*/g, '')}*` : text;
}

function list(token: Tokens.List, sources: Source[], indent: string): string {
  const start = typeof token.start === 'number' ? token.start : 1;
  return token.items
    .map((item, i) => {
      const marker = token.ordered ? `${start + i}. ` : '• ';
      const body = blocks(item.tokens, sources, `${indent}   `).trimStart();
      return `${indent}${marker}${body}`;
    })
    .join('\n');
}

/** A table as one bullet per row, `header: cell` pairs (Slack has no tables). */
function table(token: Tokens.Table, sources: Source[]): string {
  const headers = token.header.map((cell) => inline(cell.tokens, sources));
  return token.rows
    .map(
      (row) =>
        '• ' +
        row.map((cell, i) => (headers[i] ? `${headers[i]}: ` : '') + inline(cell.tokens, sources)).join(', '),
    )
    .join('\n');
}

function inline(tokens: Token[], sources: Source[]): string {
  return tokens.map((token) => inlineToken(token, sources)).join('');
}

function inlineToken(token: Token, sources: Source[]): string {
  switch (token.type) {
    case 'strong':
      return `*${inline((token as Tokens.Strong).tokens, sources)}*`;
    case 'em':
      return `_${inline((token as Tokens.Em).tokens, sources)}_`;
    case 'del':
      return `~${inline((token as Tokens.Del).tokens, sources)}~`;
    case 'codespan':
      return `\`${escape(decodeEntities((token as Tokens.Codespan).text))}\``;
    case 'br':
      return '\n';
    case 'link': {
      const link = token as Tokens.Link;
      const text = inline(link.tokens, []).replace(/[|<>]/g, '');
      return /^(https?:|mailto:)/i.test(link.href) ? `<${link.href}|${text}>` : text;
    }
    case 'image':
      return escape((token as Tokens.Image).text);
    case 'text':
      return 'tokens' in token && token.tokens
        ? inline(token.tokens, sources)
        : cite(escape(decodeEntities(token.text)), sources);
    case 'escape':
      return escape(token.text);
    default:
      return escape(token.raw);
  }
}

/** marked hands text with `&amp;`-style entities; mrkdwn escapes only its own three. */
function decodeEntities(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** `[n]` → `<url|[n]>` for each cited source with a page. */
function cite(text: string, sources: Source[]): string {
  if (!sources.length) return text;
  return text.replace(CITATION, (marker: string, list: string) => {
    const numbers = list.split(',').map((n) => Number(n.trim()));
    const url = sources[numbers[0]! - 1]?.url;
    return numbers.length === 1 && url ? `<${url}|${marker}>` : marker;
  });
}
