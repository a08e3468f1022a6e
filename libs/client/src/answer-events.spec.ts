import { readAnswerEvents, type StreamedEvent } from './answer-events';

describe('readAnswerEvents', () => {
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
    const events: StreamedEvent[] = [];
    for await (const event of readAnswerEvents(body)) events.push(event);
    expect(events).toEqual([
      { id: '1', type: 'delta', data: { text: 'héllo 🙂' } },
      { id: '2', type: 'done', data: {} },
    ]);
  });
});
