import { createHash } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerWrite, type StandInWrites } from './github-stand-in-writes';

/** A file's content: text (stored as UTF-8) or bytes as they are. */
type FileContent = string | Uint8Array;

/** A repository the stand-in serves: files by path on each branch. */
export interface StandInRepo {
  default_branch: string;
  branches: Record<string, Record<string, FileContent>>;
  /** A private repository: requests need `Authorization: Bearer <token>` (else 404, as GitHub). */
  token?: string;
}

/**
 * A local server that answers as GitHub's REST API does, for the calls a github source makes and
 * those a pull request makes (see {@link answerWrite}).
 */
export interface GitHubStandIn extends StandInWrites {
  /** The API base URL (what `GITHUB_API_URL` would be). */
  url: string;
  repos: Map<string, StandInRepo>;
  /** Every request as `STATUS PATH`, in arrival order. */
  log: string[];
  /** Answer every request 403 with `x-ratelimit-remaining: 0` while set. */
  rateLimited: boolean;
  /** Send recursive trees `truncated: true` with only the top level, as GitHub does for large trees. */
  truncateTrees: boolean;
  close(): Promise<void>;
}

/** Git's id of a blob. */
function blobSha(content: FileContent): string {
  const bytes = Buffer.from(content);
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

interface Node {
  path: string;
  type: 'blob' | 'tree';
  sha: string;
  children?: Node[];
}

/** The git tree of a set of files: each directory a tree whose sha hashes its entries. */
function buildTree(
  files: Record<string, FileContent>,
  blobs: Map<string, FileContent>,
  trees: Map<string, Node[]>,
): string {
  const build = (prefix: string): Node[] => {
    const names = new Map<string, 'blob' | 'tree'>();
    for (const path of Object.keys(files).filter((p) => p.startsWith(prefix))) {
      const rest = path.slice(prefix.length);
      names.set(rest.split('/')[0]!, rest.includes('/') ? 'tree' : 'blob');
    }
    return [...names].sort().map(([name, type]) => {
      if (type === 'blob') {
        const content = files[`${prefix}${name}`]!;
        const sha = blobSha(content);
        blobs.set(sha, content);
        return { path: name, type, sha };
      }
      const children = build(`${prefix}${name}/`);
      const sha = createHash('sha1').update(JSON.stringify(children)).digest('hex');
      trees.set(sha, children);
      return { path: name, type, sha, children };
    });
  };
  const top = build('');
  const sha = createHash('sha1').update(JSON.stringify(top)).digest('hex');
  trees.set(sha, top);
  return sha;
}

function flatten(nodes: Node[], prefix = ''): { path: string; type: string; sha: string }[] {
  return nodes.flatMap((n) => [
    { path: `${prefix}${n.path}`, type: n.type, sha: n.sha },
    ...(n.children ? flatten(n.children, `${prefix}${n.path}/`) : []),
  ]);
}

/**
 * Starts the stand-in on 127.0.0.1: `GET /repos/{o}/{r}`, `/repos/{o}/{r}/git/trees/{ref|sha}`
 * (`?recursive=1`), `/repos/{o}/{r}/git/blobs/{sha}` (base64), with `x-ratelimit-*` headers;
 * 404 for an unknown repository, branch or object, 401 for a wrong token.
 */
export async function startGitHubStandIn(): Promise<GitHubStandIn> {
  const log: string[] = [];
  const repos = new Map<string, StandInRepo>();
  const standIn: StandInWrites & { rateLimited: boolean; truncateTrees: boolean } = {
    rateLimited: false,
    truncateTrees: false,
    pulls: [],
    authorizations: [],
    refuse: {},
  };
  const reset = Math.floor(Date.now() / 1000) + 3600;
  const send = (res: ServerResponse, path: string, status: number, body: unknown, method = 'GET') => {
    log.push(method === 'GET' ? `${status} ${path}` : `${status} ${method} ${path}`);
    res
      .writeHead(status, {
        'content-type': 'application/json; charset=utf-8',
        'x-ratelimit-limit': '5000',
        'x-ratelimit-remaining': standIn.rateLimited ? '0' : '4999',
        'x-ratelimit-reset': String(reset),
      })
      .end(body === null ? undefined : JSON.stringify(body));
  };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const path = url.pathname;
    const method = req.method ?? 'GET';
    const write = /^\/repos\/([^/]+\/[^/]+)\/((?:git\/refs?|contents|pulls)(?:\/.*)?)$/.exec(path);
    if (write) {
      let text = '';
      for await (const chunk of req) text += chunk;
      const writeRepo = repos.get(write[1]!);
      if (standIn.rateLimited) return send(res, path, 403, { message: 'API rate limit exceeded' }, method);
      if (!writeRepo) return send(res, path, 404, { message: 'Not Found' }, method);
      const auth = req.headers.authorization;
      if (auth && writeRepo.token && auth !== `Bearer ${writeRepo.token}`)
        return send(res, path, 401, { message: 'Bad credentials' }, method);
      if (writeRepo.token && !auth && method === 'GET') return send(res, path, 404, { message: 'Not Found' });
      const body = (text ? JSON.parse(text) : {}) as Record<string, string>;
      const answer = answerWrite(method, write[2]!, body, write[1]!, writeRepo, standIn, auth);
      if (answer) return send(res, path, answer[0], answer[1], method);
    }
    const match = /^\/repos\/([^/]+\/[^/]+)(?:\/git\/(trees|blobs)\/(.+))?$/.exec(path);
    const repo = match && repos.get(match[1]!);
    if (standIn.rateLimited) return send(res, path, 403, { message: 'API rate limit exceeded' });
    if (!match || !repo) return send(res, path, 404, { message: 'Not Found' });
    const auth = req.headers.authorization;
    if (auth && auth !== `Bearer ${repo.token ?? auth.slice(7)}`)
      return send(res, path, 401, { message: 'Bad credentials' });
    if (repo.token && !auth) return send(res, path, 404, { message: 'Not Found' });
    if (!match[2]) return send(res, path, 200, { full_name: match[1], default_branch: repo.default_branch });
    const blobs = new Map<string, FileContent>();
    const trees = new Map<string, Node[]>();
    const roots = new Map(
      Object.entries(repo.branches).map(([branch, files]) => [branch, buildTree(files, blobs, trees)]),
    );
    const ref = decodeURIComponent(match[3]!);
    if (match[2] === 'blobs') {
      const content = blobs.get(ref);
      if (content === undefined) return send(res, path, 404, { message: 'Not Found' });
      return send(res, path, 200, {
        sha: ref,
        encoding: 'base64',
        content: Buffer.from(content).toString('base64'),
      });
    }
    const sha = roots.get(ref) ?? ref;
    const nodes = trees.get(sha);
    if (!nodes) return send(res, path, 404, { message: 'Not Found' });
    const recursive = url.searchParams.get('recursive') === '1';
    const flat =
      recursive && !standIn.truncateTrees
        ? flatten(nodes)
        : flatten(nodes.map(({ children: _c, ...n }) => n));
    send(res, path, 200, { sha, tree: flat, truncated: recursive && standIn.truncateTrees });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(standIn, {
    url,
    repos,
    log,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
