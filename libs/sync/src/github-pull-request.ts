import { randomBytes } from 'node:crypto';
import { DependencyUnavailableError, UpstreamRefusedError, type AppError } from '@docqa/errors';

/** A file proposed to a repository as a pull request. */
export interface PullRequestInput {
  /** `owner/name`. */
  repo: string;
  /** The source's stored access token. */
  token?: string;
  /** Branch the pull request targets; default the repository's default branch. */
  base?: string;
  /** Path of the new file in the repository. */
  path: string;
  content: string;
  title: string;
  body: string;
}

/**
 * Opens pull requests through GitHub's REST API (`GITHUB_API_URL`): a new branch from the base, the
 * file committed on it, the pull request. Nothing is left half-made: when the file or the pull
 * request is refused, the new branch is deleted. Refusals come back as errors that say what GitHub
 * answered (401 token, 404 repository or branch, 422 validation, rate limit).
 */
export class GitHubPullRequests {
  constructor(private readonly opts: { apiUrl: string; fetch?: typeof fetch }) {}

  async open(input: PullRequestInput): Promise<{ url: string; branch: string }> {
    const call = this.caller(input.repo, input.token);
    const base = input.base ?? (await call<{ default_branch: string }>('GET', '')).default_branch;
    const ref = await call<{ object: { sha: string } }>('GET', `/git/ref/heads/${encodeURIComponent(base)}`);
    const branch = `docqa/${slug(input.title)}-${randomBytes(3).toString('hex')}`;
    await call('POST', '/git/refs', { ref: `refs/heads/${branch}`, sha: ref.object.sha });
    try {
      await call('PUT', `/contents/${input.path.split('/').map(encodeURIComponent).join('/')}`, {
        message: `docs: ${input.title}`,
        content: Buffer.from(input.content).toString('base64'),
        branch,
      });
      const pull = await call<{ html_url: string }>('POST', '/pulls', {
        title: input.title,
        head: branch,
        base,
        body: input.body,
      });
      return { url: pull.html_url, branch };
    } catch (err) {
      // No branch without its pull request: the refusal is what the caller needs to see.
      await call('DELETE', `/git/refs/heads/${branch}`).catch(() => undefined);
      throw err;
    }
  }

  private caller(repo: string, token: string | undefined) {
    const fetchImpl = this.opts.fetch ?? fetch;
    return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
      const res = await fetchImpl(`${this.opts.apiUrl.replace(/\/$/, '')}/repos/${repo}${path}`, {
        method,
        headers: {
          accept: 'application/vnd.github+json',
          'x-github-api-version': '2022-11-28',
          ...(token && { authorization: `Bearer ${token}` }),
          ...(body !== undefined && { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      const text = await res.text();
      if (res.ok) return (text ? JSON.parse(text) : undefined) as T;
      throw refusal(repo, method, path, res, text);
    };
  }
}

function refusal(repo: string, method: string, path: string, res: Response, text: string): AppError {
  let message = '';
  try {
    message = (JSON.parse(text) as { message?: string }).message ?? '';
  } catch {
    message = text.slice(0, 200);
  }
  const what = `${method} /repos/${repo}${path}`;
  const reset = Number(res.headers.get('x-ratelimit-reset'));
  if ((res.status === 403 || res.status === 429) && res.headers.get('x-ratelimit-remaining') === '0') {
    const seconds = reset ? Math.max(1, reset - Math.floor(Date.now() / 1000)) : 60;
    return new DependencyUnavailableError(
      `GitHub's rate limit is reached (HTTP ${res.status}); it resets at ${new Date((reset || Date.now() / 1000 + 60) * 1000).toISOString()}`,
      { headers: { 'Retry-After': String(seconds) } },
    );
  }
  if (res.status === 401)
    return new UpstreamRefusedError(
      `GitHub refused the source's token (HTTP 401: ${message || 'Bad credentials'})`,
    );
  if (res.status === 404)
    return new UpstreamRefusedError(
      `GitHub found no ${repo}, its branch or the path, or the source's token cannot write to it (HTTP 404 on ${what})`,
    );
  return new UpstreamRefusedError(
    `GitHub refused ${what} (HTTP ${res.status}${message ? `: ${message}` : ''})`,
  );
}

/** A branch-name-safe slug of a title. */
function slug(title: string): string {
  return (
    title
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'docs'
  );
}
