import { z } from './zod';

const questionIds = z
  .array(z.string().min(1).max(100))
  .min(1)
  .max(200)
  .openapi({ description: "The gap cluster's question ids (`GET /admin/gaps/`)." });

/** Body of `POST /admin/gaps/draft`. */
export const GapDraftRequestSchema = z
  .object({ question_ids: questionIds, title: z.string().trim().min(1).max(200).optional() })
  .strict()
  .openapi('GapDraftRequest', { example: { question_ids: ['q_3kq9x2', 'q_7hd2mm'], title: 'Dark mode' } });
export type GapDraftRequest = z.infer<typeof GapDraftRequestSchema>;

/** A docs section drafted for a gap: Markdown to download or to propose as a pull request. */
export const GapDraftSchema = z
  .object({
    title: z.string(),
    markdown: z.string(),
    eval_set: z.string().openapi({ description: 'The evaluation set the questions were added to.' }),
  })
  .openapi('GapDraft');
export type GapDraft = z.infer<typeof GapDraftSchema>;

/** Body of `POST /admin/gaps/pull-request`. */
export const GapPullRequestRequestSchema = z
  .object({
    question_ids: questionIds,
    title: z.string().trim().min(1).max(200).optional(),
    source_id: z.string().min(1).max(100).openapi({ description: 'A GitHub source of the tenant.' }),
    path: z
      .string()
      .max(300)
      .regex(/^(?!\/)(?!.*(?:^|\/)\.\.?(?:\/|$))[\w\-./ ]+\.mdx?$/, {
        message: 'must be a relative path in the repository ending in .md or .mdx, without . or .. segments',
      })
      .openapi({ example: 'docs/guides/dark-mode.md' }),
  })
  .strict()
  .openapi('GapPullRequestRequest', {
    example: { question_ids: ['q_3kq9x2'], source_id: 's_Ab12', path: 'docs/guides/dark-mode.md' },
  });
export type GapPullRequestRequest = z.infer<typeof GapPullRequestRequestSchema>;

/** Response of `POST /admin/gaps/pull-request`. */
export const GapPullRequestSchema = z
  .object({ pull_request_url: z.string(), branch: z.string(), eval_set: z.string() })
  .openapi('GapPullRequest');
export type GapPullRequest = z.infer<typeof GapPullRequestSchema>;
