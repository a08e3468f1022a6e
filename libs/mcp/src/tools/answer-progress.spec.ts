import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import { AnswerProgress } from './answer-progress';

type Extra = Pick<RequestHandlerExtra<ServerRequest, ServerNotification>, '_meta' | 'sendNotification'>;

function progressFor(progressToken?: string) {
  const sent: ServerNotification[] = [];
  const extra: Extra = {
    _meta: progressToken === undefined ? undefined : { progressToken },
    sendNotification: async (n: ServerNotification) => void sent.push(n),
  };
  return { progress: new AnswerProgress(extra), sent };
}

describe('AnswerProgress', () => {
  beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => jest.useRealTimers());

  it('reports each status and streamed text at most every 500 ms, with a growing progress', async () => {
    const { progress, sent } = progressFor('tok');
    await progress.report({ type: 'status', data: { status: 'retrieving' } });
    await progress.report({ type: 'status', data: { status: 'generating' } });
    await progress.report({ type: 'delta', data: { text: 'Hello' } });
    await progress.report({ type: 'delta', data: { text: ', world' } });
    jest.advanceTimersByTime(500);
    await progress.report({ type: 'delta', data: { text: '!' } });
    expect(sent.map((n) => n.params)).toEqual([
      { progressToken: 'tok', progress: 1, message: 'Answer retrieving.' },
      { progressToken: 'tok', progress: 2, message: 'Answer generating.' },
      { progressToken: 'tok', progress: 3, message: 'Generating: 5 characters so far.' },
      { progressToken: 'tok', progress: 5, message: 'Generating: 13 characters so far.' },
    ]);
    expect(sent.every((n) => n.method === 'notifications/progress')).toBe(true);
  });

  it('counts the characters afresh when a worker starts the answer over', async () => {
    const { progress, sent } = progressFor('tok');
    await progress.report({ type: 'delta', data: { text: 'Half an ans' } });
    await progress.report({ type: 'status', data: { status: 'generating', restarted: true } });
    jest.advanceTimersByTime(500);
    await progress.report({ type: 'delta', data: { text: 'New' } });
    expect(sent.map((n) => (n.params as { message?: string }).message)).toEqual([
      'Generating: 11 characters so far.',
      'Answer generating (started over).',
      'Generating: 3 characters so far.',
    ]);
  });

  it('sends nothing when the client sent no progressToken', async () => {
    const { progress, sent } = progressFor();
    await progress.report({ type: 'status', data: { status: 'generating' } });
    await progress.report({ type: 'delta', data: { text: 'Hello' } });
    expect(sent).toEqual([]);
  });
});
