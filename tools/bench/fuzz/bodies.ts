/**
 * Bodies of the operations that take more than JSON examples: file uploads (multipart, sometimes
 * broken), sources that point at the run's own docs site or GitHub stand-in (never the internet),
 * and MCP JSON-RPC messages.
 */
import type { FuzzRequest } from './requests';

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

/** Files an upload may carry: each loader's kind, an empty one and one no loader reads. */
const FILES: [name: string, type: string, content: string][] = [
  ['tokens.md', 'text/markdown', '# Tokens\n\nRotate a token with the CLI.'],
  ['guide.mdx', 'text/mdx', '# Guide\n\n<Note>Hi</Note>\n\nText.'],
  ['page.html', 'text/html', '<h1>Page</h1><p>&lt;script&gt;alert(1)&lt;/script&gt;</p>'],
  ['notes.txt', 'text/plain', 'Plain notes.'],
  ['broken.pdf', 'application/pdf', '%PDF-1.4\n1 0 obj << >> endobj\n%%EOF'],
  ['empty.md', 'text/markdown', ''],
  ['image.png', 'image/png', '\u0089PNG\r\n\u001a\n'],
  ['../../etc/passwd', 'text/plain', 'root:x:0:0'],
];

/** A multipart/form-data upload of 1–3 files, sometimes with metadata, a wrong field or cut short. */
export function multipartBody(request: FuzzRequest, random: () => number): void {
  const boundary = `fuzz${Math.floor(random() * 1e9)}`;
  const parts: string[] = [];
  for (let n = 1 + Math.floor(random() * 3); n > 0; n--) {
    const [name, type, content] = pick(random, FILES);
    const field = random() < 0.9 ? 'files' : 'other';
    parts.push(
      `Content-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n${content}`,
    );
  }
  if (random() < 0.3) {
    const metadata = pick(random, ['{"product":"cli"}', '{"a":{"b":1}}', 'not json', '[]', '']);
    parts.push(`Content-Disposition: form-data; name="metadata"\r\n\r\n${metadata}`);
  }
  let body = parts.map((part) => `--${boundary}\r\n${part}\r\n`).join('') + `--${boundary}--\r\n`;
  if (random() < 0.1) body = body.slice(0, Math.floor(body.length * random()));
  request.body = body;
  request.headers['content-type'] =
    random() < 0.9
      ? `multipart/form-data; boundary=${random() < 0.95 ? boundary : 'other'}`
      : pick(random, ['multipart/form-data', 'application/json', 'text/plain']);
}

/** A source of each type, on 127.0.0.1 (the run's docs site or GitHub stand-in). */
export function sourceBody(siteOrigin: string, random: () => number): Record<string, unknown> {
  const schedule = random() < 0.3 ? { schedule: pick(random, ['6h', '1d', '15m', '0s', 'weekly']) } : {};
  const metadata = random() < 0.3 ? { metadata: { product: 'fuzz' } } : {};
  return {
    ...pick(random, [
      { type: 'sitemap', url: `${siteOrigin}/sitemap.xml`, include: ['guide/**'] },
      { type: 'url', url: `${siteOrigin}/guide/tokens` },
      { type: 'llms_txt', url: `${siteOrigin}/llms.txt` },
      { type: 'github', repo: 'fuzz/docs', include: ['docs/**'] },
      { type: 'github', repo: 'fuzz/missing' },
      { type: 'url', url: `${siteOrigin}/not-there` },
    ]),
    ...schedule,
    ...metadata,
  };
}

/** An MCP JSON-RPC message: the handshake, tool listing and calls, a notification, an unknown method. */
export function mcpBody(documentIds: string[], random: () => number): Record<string, unknown> {
  const id = Math.floor(random() * 1000);
  const call = (name: string, args: Record<string, unknown>) => ({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name, arguments: args },
  });
  return pick(random, [
    {
      jsonrpc: '2.0',
      id,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'fuzz', version: '1' } },
    },
    { jsonrpc: '2.0', id, method: 'tools/list' },
    call('search_docs', { query: 'rotate a token', mode: pick(random, ['hybrid', 'keyword', 'bogus']) }),
    call('ask_question', { question: 'How do I rotate a token?' }),
    call('get_document', { document_id: documentIds[0] ?? 'nothing' }),
    call('no_such_tool', {}),
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    { jsonrpc: '2.0', id, method: 'resources/list' },
  ]);
}
