import { EventSourceParserStream, type EventSourceMessage } from 'eventsource-parser/stream';

/** Every event of a server-sent event stream, as sent (id, event, data), until the server closes it. */
export async function readEvents(res: Response): Promise<EventSourceMessage[]> {
  const events: EventSourceMessage[] = [];
  const stream = res.body!.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream());
  const reader = stream.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) events.push(next.value);
  return events;
}
