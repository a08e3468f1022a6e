import {
  EvalImportSchema,
  EvalRunListSchema,
  EvalRunQuerySchema,
  EvalRunSchema,
  EvalRunSummarySchema,
  EvalSetCreateSchema,
  EvalSetListSchema,
  EvalSetNameSchema,
  EvalSetSchema,
  EvalSetUpdateSchema,
} from '@docqa/contracts';
import { ValidationError } from '@docqa/errors';
import type { EvalService } from '@docqa/evals';
import type { Request } from 'express';
import { principalOf } from '../http/auth';
import type { RouteTable } from '../http/route';
import type { ApiDeps } from '../api-deps';

/** A set's name from the path, checked as names are when sets are created. */
function setName(req: Request): string {
  const parsed = EvalSetNameSchema.safeParse(String(req.params.set));
  if (!parsed.success)
    throw new ValidationError('not a set name', {
      errors: [{ path: 'set', message: parsed.error.issues[0]!.message }],
    });
  return parsed.data;
}

/** The evaluations API (DESIGN §16): sets, imports, runs (scope `admin`, the caller's tenant only). */
export function evalRoutes(routes: RouteTable, deps: ApiDeps): void {
  const evals = deps.evals;
  if (!evals) return;
  setRoutes(routes, evals);
  runRoutes(routes, evals, deps.basePath);
}

function setRoutes(routes: RouteTable, evals: EvalService): void {
  const tag = 'Evaluations' as const;
  routes.add(
    {
      method: 'get',
      path: '/evals/',
      summary: 'List evaluation sets with their latest run',
      tag,
      operationId: 'listEvalSets',
      description:
        "Lists the tenant's evaluation sets, latest change first, with item counts and each set's latest run.",
      scope: 'admin',
      responses: { 200: { description: 'The sets', schema: EvalSetListSchema } },
    },
    async (req, res) => {
      res.json(await evals.store.listSets(principalOf(req).tenant));
    },
  );
  routes.add(
    {
      method: 'post',
      path: '/evals/',
      summary: 'Create an evaluation set',
      tag,
      operationId: 'createEvalSet',
      description: `Creates a set of questions with what a right answer contains (key strings, gold pages, or "not covered"); at most 5,000 items. A set of that name answers 409.`,
      scope: 'admin',
      body: EvalSetCreateSchema,
      responses: {
        201: { description: 'The set', schema: EvalSetSchema, headers: { Location: 'URL of the set' } },
        409: { description: 'A set of that name exists' },
      },
    },
    async (req, res, { body }) => {
      const set = await evals.store.createSet(principalOf(req).tenant, body);
      res.setHeader('Location', `${req.baseUrl}/evals/${set.name}`);
      res.status(201).json(set);
    },
  );
  routes.add(
    {
      method: 'get',
      path: '/evals/:set',
      summary: 'Read an evaluation set and its items',
      tag,
      operationId: 'getEvalSet',
      description: 'Returns a set with every item; another tenant’s set answers 404.',
      scope: 'admin',
      responses: { 200: { description: 'The set', schema: EvalSetSchema } },
    },
    async (req, res) => {
      res.json(await evals.store.getSet(principalOf(req).tenant, setName(req)));
    },
  );
  routes.add(
    {
      method: 'put',
      path: '/evals/:set',
      summary: "Replace an evaluation set's items (creating it if need be)",
      tag,
      operationId: 'putEvalSet',
      description:
        'Replaces the description and the whole list of items; items keep their `id` when sent with it (runs compare items by id). Runs already going on keep the items they started with.',
      scope: 'admin',
      body: EvalSetUpdateSchema,
      responses: { 200: { description: 'The set', schema: EvalSetSchema } },
    },
    async (req, res, { body }) => {
      res.json(await evals.store.putSet(principalOf(req).tenant, setName(req), body));
    },
  );
  routes.add(
    {
      method: 'delete',
      path: '/evals/:set',
      summary: 'Delete an evaluation set and its runs',
      tag,
      operationId: 'deleteEvalSet',
      description: 'Deletes a set with all its runs.',
      scope: 'admin',
      responses: { 204: { description: 'Deleted' } },
    },
    async (req, res) => {
      await evals.store.deleteSet(principalOf(req).tenant, setName(req));
      res.status(204).end();
    },
  );
  routes.add(
    {
      method: 'post',
      path: '/evals/:set/import',
      summary: 'Add the items of a JSONL or CSV file to a set (created if need be)',
      tag,
      operationId: 'importEvalItems',
      description:
        'Adds the items of a file: JSONL of `{question, chat?, expect?}`, or CSV with the columns question, chat, key_strings, gold_urls (lists `|`-separated) and not_covered. A file with bad lines is refused whole: `errors[]` names each line (`line N`) and its reason, and nothing is imported.',
      scope: 'admin',
      body: EvalImportSchema,
      responses: { 200: { description: 'The set with the items added', schema: EvalSetSchema } },
    },
    async (req, res, { body }) => {
      res.json(await evals.import(principalOf(req).tenant, setName(req), body));
    },
  );
}

function runRoutes(routes: RouteTable, evals: EvalService, basePath: string): void {
  const tag = 'Evaluations' as const;
  routes.add(
    {
      method: 'post',
      path: '/evals/:set/runs',
      summary: 'Run an evaluation set through the answering pipeline',
      tag,
      operationId: 'startEvalRun',
      description:
        'Starts a run: the set’s items as they are now are asked at batch priority (behind interactive questions) and each answer is scored as correct, missing, incorrect or unscored. Follow it with `GET /evals/{set}/runs/{run}`.',
      scope: 'admin',
      responses: {
        202: {
          description: 'The run, started',
          schema: EvalRunSummarySchema,
          headers: { Location: 'URL of the run' },
        },
      },
    },
    async (req, res) => {
      const run = await evals.runner.start(principalOf(req).tenant, setName(req));
      res.setHeader('Location', `${basePath}/evals/${run.set}/runs/${run.id}`);
      res.status(202).json(run);
    },
  );
  routes.add(
    {
      method: 'get',
      path: '/evals/:set/runs',
      summary: "List a set's runs, newest first",
      tag,
      operationId: 'listEvalRuns',
      description: "Lists a set's runs (at most 200, newest first) with their tallies, for charts over time.",
      scope: 'admin',
      responses: { 200: { description: 'The runs', schema: EvalRunListSchema } },
    },
    async (req, res) => {
      const tenant = principalOf(req).tenant;
      const name = setName(req);
      await evals.store.getSet(tenant, name);
      res.json({ runs: await evals.store.listRuns(tenant, name) });
    },
  );
  routes.add(
    {
      method: 'get',
      path: '/evals/:set/runs/:run',
      summary: 'Read a run: progress, tally, items with answers, regressions',
      tag,
      operationId: 'getEvalRun',
      description:
        'Returns a run with its progress, verdict tally, hit@1/hit@5 of gold pages, median latency, what it ran with, each item’s answer and sources, and the comparison with `?baseline=` (default: the previous completed run): items correct there and not here are regressions.',
      scope: 'admin',
      query: EvalRunQuerySchema,
      responses: { 200: { description: 'The run', schema: EvalRunSchema } },
    },
    async (req, res, { query }) => {
      res.json(
        await evals.run(principalOf(req).tenant, setName(req), String(req.params.run), query.baseline),
      );
    },
  );
  routes.add(
    {
      method: 'post',
      path: '/evals/:set/runs/:run/cancel',
      summary: 'Cancel a run',
      tag,
      operationId: 'cancelEvalRun',
      description:
        'Asks a running run to stop; it ends `cancelled` within seconds, keeping the items scored so far.',
      scope: 'admin',
      responses: { 202: { description: 'The run as it was when asked', schema: EvalRunSummarySchema } },
    },
    async (req, res) => {
      res
        .status(202)
        .json(await evals.runner.cancel(principalOf(req).tenant, setName(req), String(req.params.run)));
    },
  );
}
