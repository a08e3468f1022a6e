import { AdminAccountStore } from '@docqa/auth';
import { CSRF_HEADER, SESSION_COOKIE } from '@docqa/contracts';
import { Keys, closeRedis, connectRedis } from '@docqa/redis';
import type { Stack } from '@docqa/system-tests/testing';
import { htmlPage, startDocsSite, startGitHubStandIn } from '@docqa/sync/testing';
import type { FuzzContext, PortalSession } from './requests';
import { openApiOperations } from './openapi-examples';

/** Documents made to be deleted (DELETE requests aim at these, others at `fuzz-doc`). */
const DOOMED_DOCUMENTS = ['doomed-1', 'doomed-2', 'doomed-3'];
/** Password of the fuzz run's admin accounts. */
const PASSWORD = 'fuzz run password, long enough';

/** What the fuzz run starts beside the stack: sources' sites on 127.0.0.1. */
export interface FuzzServers {
  /** `GITHUB_API_URL` of the run and the docs site's origin. */
  githubApiUrl: string;
  siteOrigin: string;
  close(): Promise<void>;
}

/** A docs site and a GitHub stand-in on 127.0.0.1, so sources sync without leaving the machine. */
export async function startFuzzServers(): Promise<FuzzServers> {
  const site = await startDocsSite({
    '/guide/tokens': htmlPage('Tokens', 'Rotate a token with the CLI.'),
    '/guide/install': htmlPage('Install', 'Run the installer.'),
    '/llms.txt': { body: '# Docs\n\n- [Tokens](/guide/tokens)\n', type: 'text/plain' },
  });
  site.setSitemap(['/guide/tokens', '/guide/install']);
  const github = await startGitHubStandIn();
  github.repos.set('fuzz/docs', {
    default_branch: 'main',
    branches: { main: { 'docs/tokens.md': '# Tokens\n\nRotate a token.', 'README.md': '# Fuzz' } },
  });
  return {
    githubApiUrl: github.url,
    siteOrigin: site.origin,
    async close() {
      await Promise.all([site.close(), github.close()]);
    },
  };
}

/**
 * Real ids to aim at: a question (answered), its chat, a document and its ingest job, sources,
 * tokens and admin accounts made to be deleted, and signed-in portal sessions with their CSRF
 * tokens (one admin of the tenant, one of all tenants).
 */
export async function seedContext(stack: Stack, servers: FuzzServers): Promise<FuzzContext> {
  const full = await stack.createToken({ tenant: 'fuzz', scopes: ['ask', 'search', 'ingest', 'admin'] });
  const widget = await stack.createToken({
    tenant: 'fuzz',
    scopes: ['ask'],
    widget: true,
    origins: ['http://127.0.0.1'],
  });
  const other = await stack.createToken({ tenant: 'other', scopes: ['ask', 'search'] });
  const doomed = await Promise.all(
    Array.from({ length: 5 }, () => stack.tokens.create({ tenant: 'fuzz', scopes: ['ask'] })),
  );
  const redis = await connectRedis(stack.redisUrl, 'command', 'docqa-fuzz');
  const accounts = new AdminAccountStore({ redis, keys: new Keys(stack.prefix) });
  const admins = ['admin@fuzz.test', 'root@fuzz.test'];
  await accounts.create({ email: admins[0]!, password: PASSWORD, tenants: ['fuzz'] });
  await accounts.create({ email: admins[1]!, password: PASSWORD, allTenants: true });
  const doomedEmails = Array.from({ length: 5 }, (_, i) => `doomed-${i}@fuzz.test`);
  for (const email of doomedEmails) await accounts.create({ email, password: PASSWORD, tenants: ['fuzz'] });
  await closeRedis(redis);

  const headers = { authorization: `Bearer ${full}`, 'content-type': 'application/json' };
  const post = async (path: string, body: unknown) =>
    (await (
      await fetch(`${stack.apiUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })
    ).json()) as Record<string, string | string[] | undefined>;
  const ingest = await post('documents/', {
    documents: ['fuzz-doc', ...DOOMED_DOCUMENTS].map((id) => ({
      id,
      title: 'Tokens',
      content: '# Tokens\n\nRotate a token with the CLI.',
    })),
  });
  const asked = await post('question/', { question: 'How do I rotate a token?' });
  const source = (n: number) =>
    [
      { type: 'sitemap', url: `${servers.siteOrigin}/sitemap.xml` },
      { type: 'llms_txt', url: `${servers.siteOrigin}/llms.txt` },
      { type: 'github', repo: 'fuzz/docs', include: ['docs/**'] },
    ][n % 3];
  const sources = await Promise.all(Array.from({ length: 6 }, (_, n) => post('sources/', source(n))));
  const sourceIds = sources.map((s) => s.id as string).filter(Boolean);
  // Documents are found once their ingest job is done.
  await untilDone(stack, `jobs/${String(ingest.job_id)}`, headers);
  const sessions = await Promise.all(admins.map((email) => signIn(stack, email)));
  return {
    tokens: [full, full, widget, other, 'dq_nope_nope'],
    questionIds: [asked.question_id as string],
    chatIds: [asked.chat_id as string],
    documentIds: ['fuzz-doc'],
    doomedDocumentIds: DOOMED_DOCUMENTS,
    jobIds: ingest.job_id ? [ingest.job_id as string] : [],
    sourceIds: sourceIds.slice(0, 3),
    doomedSourceIds: sourceIds.slice(3),
    tokenIds: doomed.map((d) => d.record.id),
    emails: doomedEmails,
    sessions,
    admin: { email: admins[0]!, password: PASSWORD },
    siteOrigin: servers.siteOrigin,
    operations: await openApiOperations(`${stack.apiUrl}docs/openapi.json`),
  };
}

/** Polls `path` until its `status` is `completed` or `failed` (at most a minute). */
async function untilDone(stack: Stack, path: string, headers: Record<string, string>): Promise<void> {
  for (let tries = 0; tries < 600; tries++) {
    const { status } = (await (await fetch(stack.apiUrl + path, { headers })).json()) as { status?: string };
    if (status === 'completed' || status === 'failed') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${path} did not finish`);
}

/** Signs `email` in to the portal: its session cookie and CSRF token. */
export async function signIn(stack: Stack, email: string): Promise<PortalSession> {
  const res = await fetch(`${stack.apiUrl}admin/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${email} answered ${res.status}`);
  const id = new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(res.headers.get('set-cookie') ?? '')?.[1];
  const { csrf_token } = (await res.json()) as { csrf_token: string };
  return { email, cookie: `${SESSION_COOKIE}=${id}`, csrfHeader: CSRF_HEADER, csrf: csrf_token };
}
