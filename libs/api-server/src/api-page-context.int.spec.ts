import type { Redis } from 'ioredis';
import { deletePrefix, testPrefix, testRedis } from '@docqa/testing';
import { startStack, type Stack } from '@docqa/system-tests/testing';
import { readEvents } from './testing/read-events';

const DOCS = [
  {
    id: 'install',
    title: 'Install',
    url: 'https://docs.acme.test/install',
    content: '# Install\n\nThis page covers the setup wizard: it asks for a licence key.',
  },
  {
    id: 'upgrade',
    title: 'Upgrade',
    url: 'https://docs.acme.test/upgrade',
    content:
      '# Upgrade\n\nThis page covers the setup of an upgrade: the setup keeps your settings, the setup needs a backup first, and the setup runs again to upgrade.',
  },
];

describe('a question’s page and language (real store and worker)', () => {
  let stack: Stack;
  let redis: Redis;
  let token: string;
  const prefix = testPrefix('pagectx');

  beforeAll(async () => {
    redis = testRedis();
    stack = await startStack({ prefix });
    token = await stack.createToken({ tenant: 'acme', scopes: ['ask', 'ingest'] });
    const res = await call('documents/', { documents: DOCS });
    const { job_id } = (await res.json()) as { job_id: string };
    for (;;) {
      const job = await fetch(`${stack.apiUrl}jobs/${job_id}?wait=1`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (((await job.json()) as { status: string }).status === 'completed') break;
    }
  });
  afterAll(async () => {
    await stack.close();
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  function call(path: string, body: object): Promise<Response> {
    return fetch(stack.apiUrl + path, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  /** Asks through the widget's streaming endpoint and returns the final record. */
  async function ask(
    body: object,
  ): Promise<{ response: string; sources: { document_id: string }[]; page_url?: string }> {
    const res = await call('questions/', body);
    expect(res.status).toBe(200);
    const done = (await readEvents(res)).find((e) => e.event === 'done')!;
    return JSON.parse(done.data).record;
  }

  it('answers a question about "this page" from the page it was asked on first, and keeps the page', async () => {
    const question = 'What does this page cover about the setup?';
    const plain = await ask({ question });
    expect(plain.sources[0]!.document_id).toBe('upgrade');
    const onInstall = await ask({ question, page_url: 'https://docs.acme.test/install?ref=nav' });
    expect(onInstall.sources[0]!.document_id).toBe('install');
    expect(onInstall.page_url).toBe('https://docs.acme.test/install?ref=nav');
    // A question not about the page is answered as any other.
    const other = await ask({
      question: 'How long does the setup of an upgrade take?',
      page_url: 'https://docs.acme.test/install',
    });
    expect(other.page_url).toBe('https://docs.acme.test/install');
  });

  it('says "not found" in the language of the question’s locale', async () => {
    const german = await ask({ question: 'Wie konfiguriere ich Kerberos?', locale: 'de-AT' });
    expect(german.response).toMatch(/^Dazu habe ich in der Dokumentation nichts gefunden/);
    const arabic = await ask({ question: 'Kerberos quantum flux?', locale: 'ar' });
    expect(arabic.response).toMatch(/^لم أجد هذا في الوثائق/);
    const english = await ask({ question: 'Kerberos quantum flux?' });
    expect(english.response).toMatch(/^I could not find this in the documentation/);
  });

  it('refuses a page_url that is not a web address and a locale that is not a language tag', async () => {
    expect((await call('question/', { question: 'q', page_url: 'javascript:alert(1)' })).status).toBe(400);
    expect((await call('question/', { question: 'q', locale: 'not a tag!' })).status).toBe(400);
  });
});
