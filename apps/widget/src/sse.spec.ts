import { readEventStream } from './sse';

describe('readEventStream', () => {
  it('survives events and multi-byte characters split across reads, one byte at a time', async () => {
    const text =
      'id: 1\nevent: delta\ndata: {"text":"héllo 🙂"}\n\n: heartbeat\n\nid: 2\nevent: done\ndata: {}\n\n';
    const bytes = new TextEncoder().encode(text);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const byte of bytes) controller.enqueue(new Uint8Array([byte]));
        controller.close();
      },
    });
    const events: { id?: string; event?: string; data: string }[] = [];
    await readEventStream(body, (e) => events.push(e));
    expect(events).toEqual([
      { id: '1', event: 'delta', data: '{"text":"héllo 🙂"}' },
      { id: '2', event: 'done', data: '{}' },
    ]);
  });
});
