import { once } from 'node:events';
import type { Response } from 'express';
import {
  ConversationDetailSchema,
  ConversationListSchema,
  ConversationsQuerySchema,
  ExportQuerySchema,
  GapsQuerySchema,
  GapsSchema,
  InsightsQuerySchema,
  InsightsSchema,
  LoggedQuestionSchema,
  z,
} from '@docqa/contracts';
import { DependencyUnavailableError } from '@docqa/errors';
import { csvHeader, csvLine, type InsightsServices } from '@docqa/insights';
import { principalOf } from '../http/auth';
import type { RouteTable } from '../http/route';
import type { ApiDeps } from '../api-deps';

/**
 * The admin API over the question log (DESIGN §10): insights, conversations, coverage gaps and
 * the export. Every route reads the caller's own tenant only.
 */
export function insightsRoutes(routes: RouteTable, deps: ApiDeps): void {
  const insights = deps.insights;
  if (!insights) return;

  routes.add(
    {
      method: 'get',
      path: '/admin/insights/',
      summary:
        'Questions, not-covered answers, ratings and time to answer over a period, with top questions and documents',
      tag: 'Insights',
      operationId: 'getInsights',
      description:
        'Reports the question log of a period: totals and a per-day or per-week series of questions, not-covered answers, thumbs up and down and median time to ready, the top questions (by normalised text), the most cited documents, and questions by channel.',
      scope: 'admin',
      query: InsightsQuerySchema,
      responses: { 200: { description: 'Totals, series and top lists', schema: InsightsSchema } },
    },
    async (req, res, { query }) => {
      res.json(await insights.insights.insights(principalOf(req).tenant, query));
    },
  );

  routes.add(
    {
      method: 'get',
      path: '/admin/conversations/',
      summary: 'Chats of a period, newest activity first, with filters',
      tag: 'Insights',
      operationId: 'listConversations',
      description:
        "Lists the tenant's chats, newest activity first, filtered by period, feedback, not-covered answers, channel and words of their questions, one page at a time with a cursor.",
      scope: 'admin',
      query: ConversationsQuerySchema,
      responses: { 200: { description: 'A page of chats', schema: ConversationListSchema } },
    },
    async (req, res, { query }) => {
      res.json(await insights.conversations.list(principalOf(req).tenant, query));
    },
  );

  routes.add(
    {
      method: 'get',
      path: '/admin/conversations/:chat_id',
      summary: 'One chat with its questions, answers, sources and feedback',
      tag: 'Insights',
      operationId: 'getAdminConversation',
      description:
        'Returns one chat with every question, its answer, sources and feedback, from the records while they are kept and from the question log after.',
      scope: 'admin',
      responses: { 200: { description: 'The chat', schema: ConversationDetailSchema } },
    },
    async (req, res) => {
      res.json(await insights.conversations.get(principalOf(req).tenant, String(req.params.chat_id)));
    },
  );

  routes.add(
    {
      method: 'get',
      path: '/admin/gaps/',
      summary: 'Questions the documents failed (not covered, thumbs down), clustered by meaning',
      tag: 'Insights',
      operationId: 'getCoverageGaps',
      description:
        'Groups the questions the knowledge base failed in a period (answered as not covered, or rated thumbs down) by meaning, largest group first; each group is labelled by its most central question and lists the nearest documents, where to write next.',
      scope: 'admin',
      query: GapsQuerySchema,
      responses: { 200: { description: 'Clusters, largest first', schema: GapsSchema } },
    },
    async (req, res, { query }) => {
      if (!insights.gaps) throw new DependencyUnavailableError('coverage gaps need the knowledge base');
      res.json(await insights.gaps.gaps(principalOf(req).tenant, query));
    },
  );

  routes.add(
    {
      method: 'get',
      path: '/admin/export/questions',
      summary: 'Every logged question of a period, streamed as JSON lines or CSV',
      tag: 'Insights',
      operationId: 'exportQuestions',
      description:
        'Streams every logged question of a period as JSON lines or CSV, with its channel, status, latencies, cited documents and feedback.',
      scope: 'admin',
      query: ExportQuerySchema,
      responses: {
        200: {
          description:
            'One LoggedQuestion per line (`application/x-ndjson`), or CSV with a header row (`text/csv`)',
          schema: z.array(LoggedQuestionSchema),
          contentType: 'application/x-ndjson',
        },
      },
    },
    async (req, res, { query }) => {
      await streamExport(insights, principalOf(req).tenant, query, res);
    },
  );
}

async function streamExport(
  insights: InsightsServices,
  tenant: string,
  query: z.infer<typeof ExportQuerySchema>,
  res: Response,
): Promise<void> {
  const rows = insights.export.rows(tenant, query);
  const csv = query.format === 'csv';
  res.setHeader('Content-Type', csv ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="questions.${csv ? 'csv' : 'jsonl'}"`);
  res.setHeader('Cache-Control', 'no-store');
  if (csv) res.write(csvHeader());
  for await (const row of rows) {
    if (res.destroyed) return;
    // Waits for the client to take what was written, so a large export never piles up in memory.
    if (!res.write(csv ? csvLine(row) : `${JSON.stringify(row)}\n`)) await once(res, 'drain');
  }
  res.end();
}
