import { loadConfig } from '@docqa/config';
import { DependencyUnavailableError } from '@docqa/errors';
import { QdrantStore } from '@docqa/qdrant-store';
import { SchemaCheckedQdrant } from '@docqa/qdrant-store/testing';
import { createVectorStore } from './create-retrieval';

describe('createVectorStore', () => {
  let fake: SchemaCheckedQdrant;

  beforeAll(async () => {
    fake = await SchemaCheckedQdrant.start();
  });

  afterAll(async () => {
    await fake.close();
  });

  it('is what createVectorStore builds for VECTOR_STORE=qdrant, sending the API key', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const config = loadConfig({ VECTOR_STORE: 'qdrant', QDRANT_URL: fake.url, QDRANT_API_KEY: 'secret' });
    const configured = await createVectorStore(config, 512);
    expect(configured).toBeInstanceOf(QdrantStore);
    await configured.health();
    expect(fake.calls.at(-1)).toMatchObject({
      operationId: 'collection_exists',
      path: '/collections/docqa_chunks/exists',
    });
    expect(fake.calls.at(-1)!.headers['api-key']).toBe('secret');
    // loadConfig refuses it first (a ConfigError); a lib given such settings still says what is missing.
    await expect(createVectorStore({ ...config, qdrantUrl: undefined })).rejects.toThrow(
      'QDRANT_URL: required when VECTOR_STORE=qdrant',
    );
    // Nothing printed outside the JSON logs, even by a store whose Qdrant cannot be reached.
    const down = await createVectorStore({ ...config, qdrantUrl: 'http://127.0.0.1:9' });
    await expect(down.health()).rejects.toBeInstanceOf(DependencyUnavailableError);
    // (The client still warns of an API key sent over http: this test's own configuration.)
    expect(warn.mock.calls.flat().join('\n')).not.toMatch(/version|checkCompatibility/);
    warn.mockRestore();
    expect(fake.errors).toEqual([]);
  });
});
