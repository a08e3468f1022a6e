import {
  GapDraftRequestSchema,
  GapDraftSchema,
  GapPullRequestRequestSchema,
  GapPullRequestSchema,
} from '@docqa/contracts';
import { GapDocs } from '@docqa/evals';
import type { GitHubPullRequests, SourceService } from '@docqa/sync';
import type { RouteGroup } from '../app';
import { principalOf } from '../http/auth';

/**
 * `POST /admin/gaps/draft` and `POST /admin/gaps/pull-request` (DESIGN §16): a coverage gap turned
 * into a docs section, downloaded or proposed on the tenant's GitHub source.
 */
export function gapDocsRoutes(
  sources: Pick<SourceService, 'repository'>,
  pullRequests: GitHubPullRequests,
): RouteGroup {
  return (routes, deps) => {
    if (!deps.evals) return;
    const gaps = new GapDocs({
      questions: deps.store,
      search: deps.retrieval,
      evals: deps.evals.store,
      sources,
      pullRequests,
      writer: deps.evals.gapWriter,
    });
    routes.add(
      {
        method: 'post',
        path: '/admin/gaps/draft',
        summary: 'Draft a docs section for a coverage gap',
        tag: 'Insights',
        operationId: 'draftGapSection',
        description:
          'Drafts a Markdown page for a cluster of failed questions: marked as a draft, with the questions it must answer and the nearest existing sections linked. With a model configured (`LLM_PROVIDER=openai`) the body is a first draft the model wrote from the nearest sections under a note naming it (check before merging); without one, or when the model fails or times out (said in a note), a skeleton of headings to fill in. The questions are added to the evaluation set `gap-<title>` (created if need be), so the next run shows whether the gap closed.',
        scope: 'admin',
        body: GapDraftRequestSchema,
        responses: { 200: { description: 'The draft', schema: GapDraftSchema } },
      },
      async (req, res, { body }) => {
        res.json(await gaps.draft(principalOf(req).tenant, body));
      },
    );
    routes.add(
      {
        method: 'post',
        path: '/admin/gaps/pull-request',
        summary: "Open a pull request with a gap's draft on the tenant's GitHub source",
        tag: 'Insights',
        operationId: 'openGapPullRequest',
        description:
          "Opens a pull request on a GitHub source's repository with the source's stored token: a new branch, the draft at `path`, and a body listing the visitors' questions as evidence. A refusal of GitHub (401, 404, 422) answers 502 and a reached rate limit 503, each saying what GitHub answered; the new branch is deleted when the file or the pull request is refused. The questions are added to the evaluation set `gap-<title>`, expecting the new page to be cited when the source has a published base URL.",
        scope: 'admin',
        body: GapPullRequestRequestSchema,
        responses: {
          201: { description: 'The pull request', schema: GapPullRequestSchema },
          502: {
            description:
              'GitHub refused (token, repository, branch or file); the detail says what it answered',
          },
        },
      },
      async (req, res, { body }) => {
        res.status(201).json(await gaps.pullRequest(principalOf(req).tenant, body));
      },
    );
  };
}
