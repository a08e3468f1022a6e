import { get, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';

/**
 * GETs `url` with the given `Accept-Encoding` and returns the body's bytes as sent: `fetch` and
 * supertest decode compressed bodies, which hides what went over the wire.
 */
export async function getRaw(
  url: string,
  acceptEncoding: string,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  const res = await new Promise<IncomingMessage>((resolve, reject) =>
    get(url, { headers: { 'accept-encoding': acceptEncoding } }, resolve).on('error', reject),
  );
  const parts: Buffer[] = [];
  for await (const part of res) parts.push(part as Buffer);
  return { status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) };
}
