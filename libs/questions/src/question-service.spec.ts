import type { QuestionJob, QuestionPriority } from '@docqa/contracts';
import { DependencyUnavailableError, NotFoundError, RateLimitedError, ValidationError } from '@docqa/errors';
import { InMemoryQuestionStore } from '@docqa/records/testing';
import type { StoredEvent } from '@docqa/records';
import { QuestionService } from './question-service';

/** A queue that records its jobs, or fails like a queue whose Redis is down. */
class RecordingQueue {
  readonly jobs: { job: QuestionJob; priority: QuestionPriority }[] = [];
  down = false;

  async enqueue(job: QuestionJob, priority: QuestionPriority = 'interactive'): Promise<void> {
    if (this.down) throw new Error('connection refused');
    this.jobs.push({ job, priority });
  }

  async enqueueMany(jobs: QuestionJob[], priority: QuestionPriority): Promise<void> {
    for (const job of jobs) await this.enqueue(job, priority);
  }

  async removeFinished(): Promise<void> {}
}

function setUp() {
  const store = new InMemoryQuestionStore();
  const queue = new RecordingQueue();
  const service = new QuestionService({ store, queue, feed: store.feed });
  return { store, queue, service };
}

const acme = { tenant: 'acme', filters: [{ type: 'eq' as const, property: 'product', value: 'tv' }] };

describe('QuestionService', () => {
  it('records a question with the token’s filters ANDed in and queues it at interactive priority', async () => {
    const { store, queue, service } = setUp();
    const created = await service.ask(
      acme,
      { question: 'How do I pair a remote?', filters: [{ type: 'eq', property: 'lang', value: 'en' }] },
      { channel: 'widget' },
    );
    const stored = await store.get('acme', created.question_id);
    expect(stored).toMatchObject({ channel: 'widget', priority: 'interactive' });
    expect(stored.filters.map((f) => f.property)).toEqual(['lang', 'product']);
    expect(queue.jobs).toEqual([
      { job: { question_id: created.question_id, tenant: 'acme' }, priority: 'interactive' },
    ]);
  });

  it('reads the version while the admission check runs, and answers its refusal first, recording nothing', async () => {
    const store = new InMemoryQuestionStore();
    const queue = new RecordingQueue();
    const reads: string[] = [];
    const versions = {
      async resolve(_tenant: string, requested: string | undefined) {
        reads.push(requested ?? '');
        if (requested === 'v9') throw new ValidationError('unknown version v9');
        return { version: 'v2', several: true };
      },
    };
    const service = new QuestionService({ store, queue, feed: store.feed, versions });
    let admit!: () => void;
    const admitted = new Promise<void>((resolve) => (admit = resolve));
    const asking = service.ask(acme, { question: 'Which version?' }, { admitted });
    await new Promise((resolve) => setImmediate(resolve));
    // The version was read before the admission check answered; nothing is recorded until it has.
    expect(reads).toEqual(['']);
    expect(store.questions.size).toBe(0);
    admit();
    const created = await asking;
    expect(store.questions.has(created.question_id)).toBe(true);

    const refused = service.ask(
      acme,
      { question: 'Unknown version?', version: 'v9' },
      { admitted: Promise.reject(new RateLimitedError('rate limit reached')) },
    );
    await expect(refused).rejects.toBeInstanceOf(RateLimitedError);
    expect(store.questions.size).toBe(1);
    expect(queue.jobs).toHaveLength(1);
  });

  it('refuses a batch naming another tenant’s chat, names the item, and asks nothing', async () => {
    const { store, queue, service } = setUp();
    const other = await service.ask({ tenant: 'beta', filters: [] }, { question: 'Elsewhere?' });
    const asked = service.askBatch(acme, [
      { question: 'First?' },
      { question: 'Second?', chat_id: other.chat_id },
    ]);
    await expect(asked).rejects.toBeInstanceOf(NotFoundError);
    await expect(asked).rejects.toMatchObject({
      errors: [{ path: 'questions.1.chat_id', message: `chat ${other.chat_id} was not found` }],
    });
    expect(store.questions.size).toBe(1);
    expect(queue.jobs).toHaveLength(1);
  });

  it('marks a question failed, not pending, when the queue is down', async () => {
    const { store, queue, service } = setUp();
    queue.down = true;
    await expect(service.ask(acme, { question: 'Anyone?' })).rejects.toBeInstanceOf(
      DependencyUnavailableError,
    );
    const [stored] = store.questions.values();
    expect(stored?.record).toMatchObject({ status: 'failed', error: { code: 'dependency_unavailable' } });
  });

  it('streams a question’s events as they are written until done, and resumes after a given id', async () => {
    const { store, service } = setUp();
    const { question_id: id } = await service.ask(acme, { question: 'Stream it?' });
    const seen: StoredEvent[] = [];
    const streamed = (async () => {
      for await (const item of service.events('acme', id, { heartbeatMs: 60_000 })) if (item) seen.push(item);
    })();
    await store.start(id, 1, 'generating');
    await store.appendDelta(id, 1, 'Yes.');
    await store.finish(id, 1, []);
    await streamed;
    expect(seen.map((e) => e.event.type)).toEqual(['status', 'delta', 'done']);

    const resumed: StoredEvent[] = [];
    for await (const item of service.events('acme', id, { lastEventId: seen[0]!.id }))
      if (item) resumed.push(item);
    expect(resumed.map((e) => e.id)).toEqual(seen.slice(1).map((e) => e.id));
  });
});
