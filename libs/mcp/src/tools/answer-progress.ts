import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import type { AnswerEvent } from '@docqa/contracts';

/** Fewest milliseconds between two progress notifications for streamed text. */
const DELTA_INTERVAL_MS = 500;

/**
 * MCP progress notifications while an answer is generated, when the client asked for them with a
 * `progressToken`: one per status change and, while text streams, one every
 * {@link DELTA_INTERVAL_MS} at most. `progress` counts the events seen, so it only grows.
 */
export class AnswerProgress {
  private events = 0;
  private characters = 0;
  private lastDeltaAt = 0;

  constructor(
    private readonly extra: Pick<
      RequestHandlerExtra<ServerRequest, ServerNotification>,
      '_meta' | 'sendNotification'
    >,
  ) {}

  async report(event: AnswerEvent): Promise<void> {
    this.events++;
    if (event.type === 'status') {
      // A worker died and another starts the answer over: its text so far is discarded.
      if (event.data.restarted) this.characters = 0;
      await this.send(`Answer ${event.data.status}${event.data.restarted ? ' (started over)' : ''}.`);
    }
    if (event.type !== 'delta') return;
    this.characters += event.data.text.length;
    const now = Date.now();
    if (now - this.lastDeltaAt < DELTA_INTERVAL_MS) return;
    this.lastDeltaAt = now;
    await this.send(`Generating: ${this.characters} characters so far.`);
  }

  private async send(message: string): Promise<void> {
    const progressToken = this.extra._meta?.progressToken;
    if (progressToken === undefined) return;
    await this.extra.sendNotification({
      method: 'notifications/progress',
      params: { progressToken, progress: this.events, message },
    });
  }
}
