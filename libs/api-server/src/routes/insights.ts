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
  const tag = 'Insights';

  routes.add(
    {
      method: 'get',
      path: '/admin/insights/',
      summary:
        'Questions, not-covered answers, ratings and time to answer over a period, with top questions and documents',
      tag,
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
      tag,
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
      tag,
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
      tag,
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
      tag,
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
