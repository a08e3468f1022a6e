import { EventSourceParserStream } from 'eventsource-parser/stream';
import type { AnswerEvent } from '@docqa/contracts';

/** An answer event as received over SSE, with its id (to resume from with `Last-Event-ID`). */
export type StreamedEvent = AnswerEvent & { id?: string };

/**
 * Reads the answer events of a `text/event-stream` body. Events split across network chunks and
 * characters split across reads are reassembled; heartbeat comments are skipped.
 */
export async function* readAnswerEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<StreamedEvent> {
  const reader = body
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream())
    .getReader();
  try {
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      const { event, data, id } = next.value;
      if (!event) continue;
      yield { type: event, data: JSON.parse(data), id } as StreamedEvent;
    }
  } finally {
    // Stops the download when the consumer leaves early.
    await reader.cancel().catch(() => undefined);
  }
}

/** Whether an event ends its answer's stream. */
export function isFinalEvent(event: StreamedEvent): boolean {
  return event.type === 'done' || event.type === 'error';
}
