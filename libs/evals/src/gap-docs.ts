import type {
  EvalItemInput,
  GapDraft,
  GapDraftRequest,
  GapPullRequest,
  GapPullRequestRequest,
} from '@docqa/contracts';
import { NotFoundError } from '@docqa/errors';
import type { QuestionStore } from '@docqa/records';
import type { Searcher } from '@docqa/retrieval';
import { publishedUrl } from '@docqa/sources';
import type { GitHubPullRequests, SourceService } from '@docqa/sync';
import type { EvalStore } from './eval-store';
import { draftMarkdown, gapSetName, sectionPlace, skeletonHeadings, type NearSection } from './gap-draft';
import type { ModelGapWriter } from './gap-writer';

/** Nearest sections linked from a draft. */
const NEAR_SECTIONS = 5;

/**
 * From a coverage gap to a docs change (DESIGN §16): drafts a Markdown section for a cluster of
 * failed questions (with a `writer`, its body first drafted by the model from the nearest
 * sections), or opens it as a pull request on the tenant's GitHub source, and adds the questions
 * to an evaluation set named after the gap so the next run shows whether it closed.
 */
export class GapDocs {
  constructor(
    private readonly deps: {
      questions: Pick<QuestionStore, 'get'>;
      search: Searcher;
      evals: EvalStore;
      sources?: Pick<SourceService, 'repository'>;
      pullRequests?: GitHubPullRequests;
      /** Writes the first draft of the body; without it the body is a skeleton of headings. */
      writer?: Pick<ModelGapWriter, 'write'>;
    },
  ) {}

  /** `POST /admin/gaps/draft`: the draft, and the questions added to the gap's set. */
  async draft(tenant: string, request: GapDraftRequest): Promise<GapDraft> {
    const { title, markdown, questions } = await this.compose(tenant, request);
    const evalSet = await this.addToSet(tenant, title, questions);
    return { title, markdown, eval_set: evalSet };
  }

  /**
   * `POST /admin/gaps/pull-request`: the draft proposed on the source's repository (branch, file,
   * pull request with the questions as evidence); with the source's published base URL the set's
   * items expect the new page to be cited.
   */
  async pullRequest(tenant: string, request: GapPullRequestRequest): Promise<GapPullRequest> {
    const { sources, pullRequests } = this.deps;
    if (!sources || !pullRequests)
      throw new NotFoundError('pull requests need the sources of the knowledge base');
    const repository = await sources.repository(tenant, request.source_id);
    const { title, markdown, questions, written } = await this.compose(tenant, request);
    const opened = await pullRequests.open({
      repo: repository.repo,
      token: repository.token,
      base: repository.branch,
      path: request.path,
      content: markdown,
      title: `Docs: ${title}`,
      body: [
        `A draft section for questions visitors asked that the documentation did not answer (${questions.length}):`,
        '',
        ...questions.map((q) => `- ${q.replace(/\s+/g, ' ')}`),
        '',
        written?.ok
          ? 'Opened by docqa from its coverage gaps, with a first draft by a model: check it before merging.'
          : 'Opened by docqa from its coverage gaps. Write the answers before merging.',
      ].join('\n'),
    });
    const gold = repository.baseUrl ? [publishedUrl(repository.baseUrl, request.path)] : undefined;
    const evalSet = await this.addToSet(tenant, title, questions, gold);
    return { pull_request_url: opened.url, branch: opened.branch, eval_set: evalSet };
  }

  private async compose(tenant: string, request: { question_ids: string[]; title?: string }) {
    const found = await Promise.all(
      request.question_ids.map((id) =>
        this.deps.questions
          .get(tenant, id)
          .then((q) => q.record.text)
          .catch(() => null),
      ),
    );
    const missing = request.question_ids.filter((_, i) => found[i] === null);
    if (missing.length)
      throw new NotFoundError(`${missing.length} question(s) were not found (or their records expired)`, {
        errors: missing.map((id) => ({ path: 'body.question_ids', message: `question ${id} was not found` })),
      });
    const questions = [...new Set(found as string[])];
    const title = request.title ?? questions[0]!.replace(/\s+/g, ' ').slice(0, 120);
    const hits = await this.deps.search.search({
      tenants: [tenant],
      query: questions.join('\n').slice(0, 4000),
      mode: 'hybrid',
      filters: [],
      limit: NEAR_SECTIONS * 2,
    });
    const near: (NearSection & { text: string })[] = [];
    for (const hit of hits.results) {
      if (near.some((n) => n.url === hit.url && n.section === hit.section)) continue;
      near.push({ title: hit.title, section: hit.section, url: hit.url, text: hit.text });
    }
    const nearest = near.slice(0, NEAR_SECTIONS);
    const written = await this.deps.writer?.write(
      questions,
      skeletonHeadings(questions),
      nearest.map((n) => ({ place: sectionPlace(n), text: n.text })),
    );
    return { title, markdown: draftMarkdown(title, questions, nearest, written), questions, written };
  }

  /** Adds the questions not in it yet to the gap's set (created if need be); returns its name. */
  private async addToSet(
    tenant: string,
    title: string,
    questions: string[],
    gold?: string[],
  ): Promise<string> {
    const name = gapSetName(title);
    const existing = await this.deps.evals.getSet(tenant, name).catch(() => null);
    const known = new Set(existing?.items.map((i) => i.question));
    const items: EvalItemInput[] = questions
      .filter((q) => !known.has(q))
      .map((question) => ({ question, ...(gold && { expect: { gold_urls: gold } }) }));
    if (items.length || !existing) await this.deps.evals.addItems(tenant, name, items);
    return name;
  }
}
