import { createHash } from 'node:crypto';

/** What the writes change of a stand-in repository (its `StandInRepo`): the files of each branch. */
interface WritableRepo {
  default_branch: string;
  branches: Record<string, Record<string, string | Uint8Array>>;
}

/** A pull request the stand-in opened. */
export interface StandInPull {
  repo: string;
  number: number;
  title: string;
  head: string;
  base: string;
  body: string;
}

/** What the write endpoints keep and how they are made to refuse. */
export interface StandInWrites {
  pulls: StandInPull[];
  /** `Authorization` header of every write, in arrival order. */
  authorizations: (string | undefined)[];
  /** Answer `METHOD /suffix` (e.g. `POST /pulls`, `PUT /contents`) with this status instead. */
  refuse: Record<string, number>;
}

/** A branch's commit id as the stand-in names it: the hash of its files. */
export function branchSha(files: Record<string, unknown>): string {
  return createHash('sha1')
    .update(JSON.stringify(Object.keys(files).sort()))
    .digest('hex');
}

type Answer = [status: number, body: unknown];

/**
 * The write calls a pull request makes, answered as GitHub does: `GET git/ref/heads/{b}`,
 * `POST git/refs`, `PUT contents/{path}` (422 when the file exists), `POST pulls`,
 * `DELETE git/refs/heads/{b}`; writes without a token answer 401. Null: not one of these.
 */
export function answerWrite(
  method: string,
  rest: string,
  body: Record<string, string>,
  repoName: string,
  repo: WritableRepo,
  writes: StandInWrites,
  auth: string | undefined,
): Answer | null {
  const route = `${method} /${rest.split('/')[0] === 'git' ? rest.split('/').slice(0, 2).join('/') : rest.split('/')[0]}`;
  const ref = /^git\/ref\/heads\/(.+)$/.exec(rest);
  if (method === 'GET' && ref) {
    const files = repo.branches[decodeURIComponent(ref[1]!)];
    return files
      ? [200, { ref: `refs/heads/${ref[1]}`, object: { sha: branchSha(files) } }]
      : [404, { message: 'Not Found' }];
  }
  if (method === 'GET') return null;
  writes.authorizations.push(auth);
  if (!auth) return [401, { message: 'Requires authentication' }];
  const refused = writes.refuse[route];
  if (refused) return [refused, { message: `refused by the test (${route})` }];
  if (method === 'POST' && rest === 'git/refs') {
    const name = body.ref?.replace(/^refs\/heads\//, '') ?? '';
    if (repo.branches[name]) return [422, { message: 'Reference already exists' }];
    const from = Object.values(repo.branches).find((files) => branchSha(files) === body.sha);
    if (!from) return [422, { message: 'Object does not exist' }];
    repo.branches[name] = { ...from };
    return [201, { ref: body.ref, object: { sha: body.sha } }];
  }
  const contents = /^contents\/(.+)$/.exec(rest);
  if (method === 'PUT' && contents) {
    const files = repo.branches[body.branch ?? repo.default_branch];
    const path = decodeURIComponent(contents[1]!);
    if (!files) return [404, { message: 'Branch not found' }];
    if (path in files) return [422, { message: 'Invalid request.\n\n"sha" wasn\'t supplied.' }];
    files[path] = Buffer.from(body.content ?? '', 'base64').toString('utf8');
    return [201, { content: { path } }];
  }
  if (method === 'POST' && rest === 'pulls') {
    if (!repo.branches[body.head ?? ''] || !repo.branches[body.base ?? ''])
      return [422, { message: 'Validation Failed' }];
    const pull = {
      repo: repoName,
      number: writes.pulls.length + 1,
      title: body.title ?? '',
      head: body.head!,
      base: body.base!,
      body: body.body ?? '',
    };
    writes.pulls.push(pull);
    return [201, { number: pull.number, html_url: `https://github.com/${repoName}/pull/${pull.number}` }];
  }
  const deleted = /^git\/refs\/heads\/(.+)$/.exec(rest);
  if (method === 'DELETE' && deleted) {
    const name = decodeURIComponent(deleted[1]!);
    if (!repo.branches[name]) return [422, { message: 'Reference does not exist' }];
    delete repo.branches[name];
    return [204, null];
  }
  return [404, { message: 'Not Found' }];
}
