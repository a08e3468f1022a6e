import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DocqaClient } from './docqa-client';
import type { StreamedEvent } from './answer-events';

const sse = (id: string, type: string, data: unknown) =>
  `id: ${id}\nevent: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
const EVENTS = [
  sse('1-0', 'question', { question_id: 'q_1', chat_id: 'c_1' }),
  sse('2-0', 'status', { status: 'generating' }),
  sse('3-0', 'delta', { text: 'Grüße ' }),
  ': heartbeat\n\n',
  sse('4-0', 'delta', { text: 'aus Köln 🎉' }),
];
const DONE = sse('5-0', 'done', { record: { id: 'q_1', response: 'Grüße aus Köln 🎉', is_ready: true } });

async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const requests: IncomingMessage[] = [];
  const server = createServer((req, res) => {
    requests.push(req);
    req.resume();
    req.on('end', () => handler(req, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2/`;
  return {
    requests,
    client: new DocqaClient({ baseUrl: url, token: 't' }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Writes `text` byte by byte in small slices, so events and UTF-8 characters are split across reads. */
async function trickle(res: ServerResponse, text: string): Promise<void> {
  const bytes = Buffer.from(text);
  for (let i = 0; i < bytes.length; i += 3) {
    res.write(bytes.subarray(i, i + 3));
    await new Promise((r) => setImmediate(r));
  }
}

const collect = async (events: AsyncIterable<StreamedEvent>) => {
  const out: StreamedEvent[] = [];
  for await (const e of events) out.push(e);
  return out;
};

describe('DocqaClient.stream', () => {
  it('reassembles events and multi-byte characters split across network reads', async () => {
    const server = await serve(async (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      await trickle(res, EVENTS.join('') + DONE);
      res.end();
    });
    const events = await collect(server.client.stream({ question: 'hallo?' }));
    await server.close();
    expect(events.map((e) => e.type)).toEqual(['question', 'status', 'delta', 'delta', 'done']);
    const text = events.flatMap((e) => (e.type === 'delta' ? [e.data.text] : [])).join('');
    expect(text).toBe('Grüße aus Köln 🎉');
    expect(events.map((e) => e.id)).toEqual(['1-0', '2-0', '3-0', '4-0', '5-0']);
    expect(server.requests[0]).toMatchObject({ method: 'POST', url: '/api/v2/questions/' });
  });

  it('resumes a dropped stream from the last event id, losing and repeating nothing', async () => {
    const server = await serve((req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      if (req.method === 'POST') {
        // The connection drops after the first delta.
        res.write(EVENTS.slice(0, 3).join(''));
        setTimeout(() => res.socket?.destroy(), 20);
        return;
      }
      res.end(EVENTS[4] + DONE);
    });
    const events = await collect(server.client.stream({ question: 'hallo?' }));
    await server.close();
    expect(events.map((e) => e.id)).toEqual(['1-0', '2-0', '3-0', '4-0', '5-0']);
    const resume = server.requests[1]!;
    expect(resume.url).toBe('/api/v2/question/q_1/events');
    expect(resume.headers['last-event-id']).toBe('3-0');
  });

  it('attaches to an existing question from a given event id', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(DONE);
    });
    const events = await collect(server.client.stream({ questionId: 'q_1', lastEventId: '4-0' }));
    await server.close();
    expect(events.map((e) => e.type)).toEqual(['done']);
    expect(server.requests[0]!.headers['last-event-id']).toBe('4-0');
  });

  it('gives up after the allowed resumes when the stream keeps ending early', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(': heartbeat\n\n');
    });
    await expect(collect(server.client.stream({ questionId: 'q_1' }, { resumes: 2 }))).rejects.toThrow(
      /kept ending before its last event/,
    );
    await server.close();
    expect(server.requests).toHaveLength(3);
  });

  it('does not resume after an error answer (a problem is final)', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(403, { 'content-type': 'application/problem+json' });
      res.end(JSON.stringify({ type: 'about:blank', title: 'Forbidden', status: 403 }));
    });
    await expect(collect(server.client.stream({ questionId: 'q_1' }))).rejects.toMatchObject({ status: 403 });
    await server.close();
    expect(server.requests).toHaveLength(1);
  });
});
