import type { Request, Response } from 'express';
import type { Metrics } from '@docqa/metrics';
import type { QuestionService } from '@docqa/questions';
import type { StoredEvent } from '@docqa/records';

/**
 * Starts a `text/event-stream` response with the headers proxies need not to buffer it; counted
 * in `metrics` as an open stream until it closes.
 */
export function openEventStream(res: Response, metrics?: Metrics, status = 200): void {
  if (metrics) {
    metrics.sseStreams.inc();
    res.once('close', () => metrics.sseStreams.dec());
  }
  res.status(status);
  res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
  res.setHeader('Cache-Control', 'no-cache, no-transform');
  res.setHeader('X-Accel-Buffering', 'no');
  res.setHeader('Connection', 'keep-alive');
  res.flushHeaders();
}

/** Writes one stored answer event as an SSE message. */
export function writeEvent(res: Response, item: StoredEvent): void {
  res.write(`id: ${item.id}\nevent: ${item.event.type}\ndata: ${JSON.stringify(item.event.data)}\n\n`);
}

/** Aborts when the response closes (the client left or the response was sent). */
export function closeSignal(res: Response): AbortSignal {
  const abort = new AbortController();
  res.on('close', () => abort.abort());
  return abort.signal;
}

/**
 * Streams a question's events from `lastEventId` until `done` or `error`, with a comment
 * heartbeat every `heartbeatMs`; stops when the client goes away.
 */
export async function pipeQuestionEvents(
  req: Request,
  res: Response,
  questions: QuestionService,
  target: { tenant: string; questionId: string; lastEventId?: string; heartbeatMs: number },
): Promise<void> {
  const events = questions.events(target.tenant, target.questionId, {
    lastEventId: target.lastEventId,
    signal: closeSignal(res),
    heartbeatMs: target.heartbeatMs,
  });
  try {
    for await (const item of events) {
      if (item) writeEvent(res, item);
      else res.write(': heartbeat\n\n');
    }
  } finally {
    res.end();
  }
}
