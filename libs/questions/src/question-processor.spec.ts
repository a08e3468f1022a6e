import pino from 'pino';
import { ScriptedAnswerer } from '@docqa/answering/testing';
import type { Source } from '@docqa/contracts';
import { DependencyUnavailableError, ValidationError } from '@docqa/errors';
import { InMemoryQuestionStore } from '@docqa/records/testing';
import { FinalFailure, QuestionProcessor } from './question-processor';

const logger = pino({ level: 'silent' });
const source: Source = {
  document_id: 'tokens',
  chunk_id: 'tokens#0',
  title: 'Tokens',
  url: null,
  snippet: 'Create one.',
  score: 1,
  cited: true,
  metadata: {},
};

async function setUp(script: ConstructorParameters<typeof ScriptedAnswerer>[0]) {
  const store = new InMemoryQuestionStore();
  const answerer = new ScriptedAnswerer(script);
  const processor = new QuestionProcessor({ store, answerer, logger, flushIntervalMs: 0 });
  const { questionId: id } = await store.create({ tenant: 'acme', text: 'How do I create a token?' });
  const run = (attemptsMade = 0, attempts = 3) =>
    processor.process({ data: { question_id: id, tenant: 'acme' }, attemptsMade, attempts });
  return { store, answerer, id, run };
}

describe('QuestionProcessor', () => {
  it('streams the answer into the record and finishes it ready with its sources', async () => {
    const { store, id, run, answerer } = await setUp({ pieces: ['Create ', 'one [1].'], sources: [source] });
    await expect(run()).resolves.toBe('answered');
    const stored = await store.getStored(id);
    expect(stored?.record).toMatchObject({
      status: 'ready',
      is_ready: true,
      response: 'Create one [1].',
      sources: [source],
    });
    expect(stored?.attempt).toBe(1);
    expect(answerer.inputs[0]).toMatchObject({ tenant: 'acme', question: 'How do I create a token?' });
  });

  it('skips a question that is already answered, writing nothing', async () => {
    const { store, run } = await setUp({});
    await run();
    const writes = store.writes.length;
    await expect(run()).resolves.toBe('skipped');
    expect(store.writes).toHaveLength(writes);
  });

  it('rethrows a retryable failure before the last attempt and leaves the record open', async () => {
    const { store, id, run } = await setUp({ fail: new DependencyUnavailableError('model down') });
    await expect(run(0, 3)).rejects.toThrow('model down');
    expect((await store.getStored(id))?.record.is_ready).toBe(false);
  });

  it('marks the record failed with a problem at the last attempt, and at once for a non-retryable error', async () => {
    const last = await setUp({ fail: new DependencyUnavailableError('model down') });
    await expect(last.run(2, 3)).rejects.toBeInstanceOf(FinalFailure);
    expect((await last.store.getStored(last.id))?.record).toMatchObject({
      status: 'failed',
      error: { code: 'dependency_unavailable', instance: `/api/v2/question/${last.id}/` },
    });

    const invalid = await setUp({ fail: new ValidationError('bad input') });
    await expect(invalid.run(0, 3)).rejects.toBeInstanceOf(FinalFailure);
    expect((await invalid.store.getStored(invalid.id))?.record.status).toBe('failed');
  });
});
