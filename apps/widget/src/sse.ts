import { createParser, type EventSourceMessage } from 'eventsource-parser';

/**
 * Reads a `text/event-stream` body: bytes are decoded with a streaming TextDecoder (so a
 * character split across reads survives) and lines are buffered by eventsource-parser (so an
 * event split across network chunks survives).
 */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: EventSourceMessage) => void,
): Promise<void> {
  const decoder = new TextDecoder();
  const parser = createParser({ onEvent });
  const reader = body.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    parser.feed(decoder.decode(next.value, { stream: true }));
  }
  parser.feed(decoder.decode());
}
