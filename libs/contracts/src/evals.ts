import { DEFAULT_QUESTION_LIMITS } from './constants';
import { z } from './zod';

/**
 * The `question_metadata` key an evaluation run's questions carry (its run id): they are not
 * visitors' questions, so they stay out of the question log, the insights and the coverage gaps.
 */
export const EVAL_RUN_METADATA_KEY = 'docqa_eval_run';

/** Most items an evaluation set holds. */
export const EVAL_SET_MAX_ITEMS = 5000;

/** A set's name: its id in paths (`/evals/{set}`), letters, digits, `.`, `_` and `-`. */
export const EvalSetNameSchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,79}$/, {
    message: 'must be 1–80 letters, digits, ".", "_" or "-", starting with a letter or digit',
  })
  .openapi({ example: 'release-checks' });

const question = z.string().trim().min(1).max(DEFAULT_QUESTION_LIMITS.questionChars);

/** What a right answer to an item looks like (DESIGN §16); absent: the item is graded by a judge or unscored. */
export const EvalExpectSchema = z
  .object({
    key_strings: z
      .array(z.string().trim().min(1).max(500))
      .max(20)
      .optional()
      .openapi({ description: 'Strings a right answer contains (case and spacing ignored).' }),
    gold_urls: z
      .array(z.string().trim().min(1).max(2000))
      .max(20)
      .optional()
      .openapi({ description: 'Pages a right answer cites (one is enough; `#anchor` ignored).' }),
    not_covered: z
      .literal(true)
      .optional()
      .openapi({ description: 'The documents do not cover the question: declining is right.' }),
  })
  .strict()
  .openapi('EvalExpect');
export type EvalExpect = z.infer<typeof EvalExpectSchema>;

/** An item as written by a person or a file: the question, earlier turns of its chat, expectations. */
export const EvalItemInputSchema = z
  .object({
    id: z
      .string()
      .min(1)
      .max(40)
      .optional()
      .openapi({ description: 'Kept when given (edits); new items get one.' }),
    question,
    chat: z
      .array(question)
      .max(10)
      .optional()
      .openapi({ description: 'Earlier questions of the same chat, asked first, oldest first.' }),
    expect: EvalExpectSchema.optional(),
  })
  .strict()
  .openapi('EvalItemInput', {
    example: { question: 'How do I rotate a token?', expect: { key_strings: ['docqa tokens create'] } },
  });
export type EvalItemInput = z.infer<typeof EvalItemInputSchema>;

/** A stored item: its id is stable across edits, so runs compare item by item. */
export const EvalItemSchema = EvalItemInputSchema.required({ id: true }).openapi('EvalItem');
export type EvalItem = z.infer<typeof EvalItemSchema>;

const items = z.array(EvalItemInputSchema).max(EVAL_SET_MAX_ITEMS);

/** Body of `POST /evals/`. */
export const EvalSetCreateSchema = z
  .object({ name: EvalSetNameSchema, description: z.string().max(1000).optional(), items: items.optional() })
  .strict()
  .openapi('EvalSetCreate', {
    example: {
      name: 'release-checks',
      items: [{ question: 'How do I rotate a token?', expect: { key_strings: ['docqa tokens create'] } }],
    },
  });

/** Body of `PUT /evals/{set}`: the set's description and its whole list of items. */
export const EvalSetUpdateSchema = z
  .object({ description: z.string().max(1000).optional(), items })
  .strict()
  .openapi('EvalSetUpdate', {
    example: { items: [{ id: 'i_4x9k', question: 'Is there a dark mode?', expect: { not_covered: true } }] },
  });

/** Body of `POST /evals/{set}/import`: a JSONL or CSV file's text, added to the set (created if need be). */
export const EvalImportSchema = z
  .object({
    format: z.enum(['jsonl', 'csv']),
    content: z.string().max(20_000_000),
    replace: z
      .boolean()
      .default(false)
      .openapi({ description: 'Replace the items instead of adding to them.' }),
  })
  .strict()
  .openapi('EvalImport', {
    example: {
      format: 'csv',
      content: 'question,key_strings\nHow do I rotate a token?,docqa tokens create\n',
    },
  });

/** A set with its items (`GET /evals/{set}`). */
export const EvalSetSchema = z
  .object({
    name: EvalSetNameSchema,
    description: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
    items: z.array(EvalItemSchema),
  })
  .openapi('EvalSet');
export type EvalSet = z.infer<typeof EvalSetSchema>;

export const EvalVerdictSchema = z
  .enum(['correct', 'missing', 'incorrect', 'unscored'])
  .openapi('EvalVerdict');
export type EvalVerdict = z.infer<typeof EvalVerdictSchema>;

/** Counts of a run's verdicts. */
export const EvalTallySchema = z
  .object({
    correct: z.number().int(),
    missing: z.number().int(),
    incorrect: z.number().int(),
    unscored: z.number().int(),
  })
  .openapi('EvalTally');
export type EvalTally = z.infer<typeof EvalTallySchema>;

/** What a run ran with, so two runs' differences can be told apart from the documents'. */
export const EvalRunWithSchema = z
  .object({
    answerer: z.string(),
    model: z.string().nullable(),
    embedder: z.string(),
    settings_digest: z
      .string()
      .openapi({ description: "SHA-256 of the tenant's settings, first 16 hex digits." }),
    documents: z.number().int().openapi({ description: "The tenant's document count at the start." }),
  })
  .openapi('EvalRunWith');
export type EvalRunWith = z.infer<typeof EvalRunWithSchema>;

export const EvalRunStatusSchema = z.enum(['running', 'completed', 'cancelled', 'failed']);
export type EvalRunStatus = z.infer<typeof EvalRunStatusSchema>;

/** A run without its items (lists, charts). */
export const EvalRunSummarySchema = z
  .object({
    id: z.string(),
    set: EvalSetNameSchema,
    status: EvalRunStatusSchema,
    started_at: z.string(),
    ended_at: z.string().nullable(),
    items: z.number().int().openapi({ description: 'Items the run asks (its snapshot of the set).' }),
    done: z.number().int().openapi({ description: 'Items answered and scored so far.' }),
    tally: EvalTallySchema,
    /** Share of scored items whose gold pages came first / in the first five sources; null without gold pages. */
    hit_at_1: z.number().nullable(),
    hit_at_5: z.number().nullable(),
    p50_latency_ms: z.number().int().nullable(),
    ran_with: EvalRunWithSchema,
    error: z.string().optional(),
  })
  .openapi('EvalRunSummary');
export type EvalRunSummary = z.infer<typeof EvalRunSummarySchema>;

/** One item of a run: what was asked, the answer, its sources and the verdict. */
export const EvalResultSchema = z
  .object({
    item: EvalItemSchema,
    question_id: z.string().nullable(),
    verdict: EvalVerdictSchema,
    reason: z.string(),
    answer: z.string(),
    sources: z.array(z.object({ title: z.string(), url: z.string().nullable(), cited: z.boolean() })),
    /** Rank (1-based) of the first gold page among the sources; null when none or no gold pages. */
    gold_rank: z.number().int().nullable(),
    latency_ms: z.number().int().nullable(),
  })
  .openapi('EvalResult');
export type EvalResult = z.infer<typeof EvalResultSchema>;

/** An item that was correct in the baseline and is not now, with both answers. */
export const EvalRegressionSchema = z
  .object({
    item_id: z.string(),
    question: z.string(),
    before: EvalResultSchema.pick({ verdict: true, answer: true, reason: true }),
    after: EvalResultSchema.pick({ verdict: true, answer: true, reason: true }),
  })
  .openapi('EvalRegression');
export type EvalRegression = z.infer<typeof EvalRegressionSchema>;

/** A run compared with a baseline run of the same set. */
export const EvalComparisonSchema = z
  .object({
    baseline_run_id: z.string(),
    regressions: z.array(EvalRegressionSchema),
    /** Items not correct in the baseline and correct now. */
    fixed: z.array(z.string()),
  })
  .openapi('EvalComparison');
export type EvalComparison = z.infer<typeof EvalComparisonSchema>;

/** `GET /evals/{set}/runs/{run}`: the run, its items so far and, when one exists, the comparison. */
export const EvalRunSchema = EvalRunSummarySchema.extend({
  results: z.array(EvalResultSchema),
  comparison: EvalComparisonSchema.nullable(),
}).openapi('EvalRun');
export type EvalRun = z.infer<typeof EvalRunSchema>;

/** Query of `GET /evals/{set}/runs/{run}`. */
export const EvalRunQuerySchema = z.object({
  baseline: z
    .string()
    .min(1)
    .max(40)
    .optional()
    .openapi({ description: 'Run to compare with (default: the previous completed run of the set).' }),
});

/** One set in `GET /evals/`. */
export const EvalSetListSchema = z
  .object({
    sets: z.array(
      z.object({
        name: EvalSetNameSchema,
        description: z.string(),
        items: z.number().int(),
        updated_at: z.string(),
        last_run: EvalRunSummarySchema.nullable(),
      }),
    ),
  })
  .openapi('EvalSetList');
export type EvalSetList = z.infer<typeof EvalSetListSchema>;

/** `GET /evals/{set}/runs`: the set's runs, newest first. */
export const EvalRunListSchema = z.object({ runs: z.array(EvalRunSummarySchema) }).openapi('EvalRunList');
export type EvalRunList = z.infer<typeof EvalRunListSchema>;
