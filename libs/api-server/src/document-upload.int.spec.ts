import { AdminAccountStore } from '@docqa/auth';
import { minimalPdf } from '@docqa/sources/testing';
import { UNSUPPORTED_FILE_REASON } from '@docqa/sources';
import { Keys } from '@docqa/redis';
import { deletePrefix, testPrefix, testRedis } from '@docqa/testing';
import type { Redis } from 'ioredis';
import { startStack, type Stack } from '@docqa/system-tests/testing';
import { signIn, type PortalSession } from './testing/portal-session';
import { uploadForm as form } from './testing/upload-form';

const PASSWORD = 'a long enough password';

describe('POST /documents/upload (multipart, the CLI’s loaders)', () => {
  let stack: Stack;
  let redis: Redis;
  let admin: PortalSession;
  const prefix = testPrefix('upload');
  const keys = new Keys(prefix);

  beforeAll(async () => {
    redis = testRedis();
    stack = await startStack({ prefix, env: { UPLOAD_MAX_FILE_MB: '1', UPLOAD_MAX_FILES: '3' } });
    await new AdminAccountStore({ redis, keys }).create({
      email: 'admin@acme.test',
      password: PASSWORD,
      tenants: ['acme'],
    });
    admin = await signIn(stack.apiUrl, 'admin@acme.test', PASSWORD);
  });
  afterAll(async () => {
    await stack.close();
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  const jobKeys = async () => (await redis.keys(`${prefix}:job:*`)).length;
  const upload = (body: FormData, csrf = true) =>
    admin.call('documents/upload', { method: 'POST', body, csrf });

  async function finished(jobId: string) {
    for (;;) {
      const job = await (await admin.call(`jobs/${jobId}`)).json();
      if (job.status === 'completed' || job.status === 'failed') return job;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it('ingests the files that parse, and the job names the ones that do not', async () => {
    const res = await upload(
      form(
        [
          {
            name: 'rotate tokens.md',
            data: '---\nproduct: cli\n---\n# Rotating tokens\n\nRevoke the old token.',
          },
          {
            name: 'guide.pdf',
            data: minimalPdf({ lines: ['Install the widget with one script tag.'], title: 'Guide' }),
          },
          { name: 'broken.pdf', data: '%PDF-1.4 this is not a PDF at all' },
        ],
        { team: 'docs' },
      ),
    );
    expect(res.status).toBe(202);
    const body = await res.json();
    expect(body).toEqual({
      job_id: expect.stringMatching(/^j_/),
      document_ids: ['rotate-tokens.md', 'guide.pdf', 'broken.pdf'],
      failed: [],
    });
    expect(res.headers.get('location')).toBe(`/api/v2/jobs/${body.job_id}`);
    expect(await finished(body.job_id)).toMatchObject({
      status: 'completed',
      total: 3,
      processed: 2,
      failed: 1,
      errors: [{ document_id: 'broken.pdf', message: expect.any(String) }],
    });
    const doc = await (await admin.call('documents/rotate-tokens.md')).json();
    expect(doc).toMatchObject({ title: 'Rotating tokens', metadata: { product: 'cli', team: 'docs' } });
    expect((await (await admin.call('documents/guide.pdf')).json()).title).toBe('Guide');
  });

  it('reads AsciiDoc, reStructuredText and Hugo pages as their readers see them', async () => {
    const res = await upload(
      form([
        {
          name: 'guide.adoc',
          data: '= Guide\n\n== Start\n\n[source,bash]\n----\nacme start\n----\n\nNOTE: Twice.',
        },
        { name: 'setup.rst', data: 'Setup\n=====\n\nRun::\n\n    acme setup\n\n.. warning:: Not as root.' },
        {
          name: 'backup.md',
          data: '# Backup\n\nRun:\n\n    acme backup\n\n{{< note >}}\nDaily.\n{{< /note >}}',
        },
      ]),
    );
    expect(res.status).toBe(202);
    const body = await res.json();
    expect(await finished(body.job_id)).toMatchObject({ status: 'completed', processed: 3, failed: 0 });
    const text = async (id: string) =>
      (
        (await (await admin.call(`documents/${id}/chunks`)).json()).chunks as {
          heading: string;
          text: string;
        }[]
      )
        .map((c) => `${c.heading}: ${c.text}`)
        .join('\n');
    expect(await text('guide.adoc')).toBe('Guide › Start: ```bash\nacme start\n```\n\n> **Note:** Twice.');
    expect(await text('setup.rst')).toBe(
      'Setup: Run:\n\n```\nacme setup\n```\n\n> **Warning:** Not as root.',
    );
    expect(await text('backup.md')).toBe('Backup: Run:\n\n```\nacme backup\n```\n\n> **Note:** Daily.');
    const types = await Promise.all(
      ['guide.adoc', 'setup.rst'].map(
        async (id) => (await (await admin.call(`documents/${id}`)).json()).content_type,
      ),
    );
    expect(types).toEqual(['text/asciidoc', 'text/x-rst']);
  });

  it('answers 413 naming a file over the size limit, and queues nothing', async () => {
    const before = await jobKeys();
    const res = await upload(
      form([
        { name: 'small.md', data: '# Small' },
        { name: 'big.txt', data: 'x'.repeat(1024 * 1024 + 1) },
      ]),
    );
    expect(res.status).toBe(413);
    const problem = await res.json();
    expect(problem.detail).toBe('big.txt is larger than 1 MB');
    expect(problem.errors).toEqual([{ path: 'files.big.txt', message: 'larger than 1 MB' }]);
    expect(await jobKeys()).toBe(before);
  });

  it('answers 413 for more files than the limit', async () => {
    const files = ['a', 'b', 'c', 'd'].map((n) => ({ name: `${n}.md`, data: `# ${n}` }));
    const res = await upload(form(files));
    expect(res.status).toBe(413);
    expect((await res.json()).detail).toBe('send at most 3 files per upload');
  });

  it('answers 415 when no file is of a type the loaders read, with a reason per file', async () => {
    const before = await jobKeys();
    const res = await upload(
      form([
        { name: 'setup.exe', data: 'MZ' },
        { name: 'photo.png', data: 'PNG' },
      ]),
    );
    expect(res.status).toBe(415);
    const problem = await res.json();
    expect(problem.errors).toEqual([
      {
        path: 'files.setup.exe',
        message: 'not Markdown, MDX, AsciiDoc, reStructuredText, HTML, text or PDF',
      },
      {
        path: 'files.photo.png',
        message: 'not Markdown, MDX, AsciiDoc, reStructuredText, HTML, text or PDF',
      },
    ]);
    expect(await jobKeys()).toBe(before);
  });

  it('accepts a file that does not parse, and its job fails with the reason', async () => {
    const res = await upload(form([{ name: 'broken.pdf', data: 'not a pdf' }]));
    expect(res.status).toBe(202);
    const body = await res.json();
    expect(body).toMatchObject({ document_ids: ['broken.pdf'], failed: [] });
    expect(await finished(body.job_id)).toMatchObject({
      status: 'failed',
      total: 1,
      failed: 1,
      errors: [{ document_id: 'broken.pdf', message: expect.any(String) }],
    });
  });

  it('refuses up front a second file of the same name, and a body that is not multipart', async () => {
    const res = await upload(
      form([
        { name: 'faq.md', data: '# FAQ' },
        { name: 'faq.md', data: '# FAQ again' },
        { name: 'notes.exe', data: 'MZ' },
      ]),
    );
    expect(res.status).toBe(202);
    expect(await res.json()).toMatchObject({
      document_ids: ['faq.md'],
      failed: [
        { file: 'faq.md', reason: 'another file of this upload has the same name' },
        { file: 'notes.exe', reason: UNSUPPORTED_FILE_REASON },
      ],
    });
    const json = await admin.call('documents/upload', { method: 'POST', body: { documents: [] } });
    expect(json.status).toBe(415);
    expect((await json.json()).detail).toBe('send the files as multipart/form-data');
  });

  it('needs the session’s CSRF token, or a token with the ingest scope', async () => {
    expect((await upload(form([{ name: 'a.md', data: '# A' }]), false)).status).toBe(403);
    const askOnly = await stack.createToken({ tenant: 'acme', scopes: ['ask'] });
    const res = await fetch(`${stack.apiUrl}documents/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${askOnly}` },
      body: form([{ name: 'a.md', data: '# A' }]),
    });
    expect(res.status).toBe(403);
    const ingest = await stack.createToken({ tenant: 'acme', scopes: ['ingest'] });
    const ok = await fetch(`${stack.apiUrl}documents/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ingest}` },
      body: form([{ name: 'a.md', data: '# A' }]),
    });
    expect(ok.status).toBe(202);
  });
});
