import {
  ConversationRequestSchema,
  ConversationSchema,
  questionRequestSchemas,
  WidgetSettingsResponseSchema,
  WidgetSettingsSchema,
  z,
} from '@docqa/contracts';
import { principalOf } from '../http/auth';
import type { RouteHandler, RouteTable } from '../http/route';
import { openEventStream, pipeQuestionEvents } from '../http/sse';
import type { ApiDeps } from '../api-deps';

/** The widget's endpoints: streamed questions, conversation history and settings. */
export function widgetRoutes(routes: RouteTable, deps: ApiDeps): void {
  /**
   * Answers the tenant's stored settings, with `Cache-Control: cacheControl`, and `served` (what
   * the API adds for the widget) besides.
   */
  const sendSettings =
    (cacheControl: string, served: object = {}): RouteHandler<unknown, unknown> =>
    async (req, res) => {
      res.setHeader('Cache-Control', cacheControl);
      res.json({ ...(await deps.settings.get(principalOf(req).tenant)), ...served });
    };

  routes.add(
    {
      method: 'post',
      path: '/questions/',
      summary: 'Ask a question and stream its answer (widget)',
      tag: 'Widget',
      operationId: 'streamQuestion',
      description:
        'Asks a question and streams its answer as server-sent events in one response: `question` (ids) first, then `status`, `delta`, `sources`, and `done` or `error`. Every event has an `id`, so a dropped stream resumes through `GET /question/{id}/events`. Used by the widget.',
      scope: 'ask',
      body: questionRequestSchemas(deps.questionLimits).stream,
      responses: {
        200: {
          description:
            'Server-sent events: `question` {question_id, chat_id} first, then `status`, `delta` {text}, `sources`, and `done` {record} or `error` {problem}; each with an `id:` for resuming through GET /question/{id}/events',
          schema: z.string(),
          contentType: 'text/event-stream',
        },
      },
    },
    async (req, res, { body }) => {
      const principal = principalOf(req);
      // The widget asks with a widget token; a backend or the CLI streaming with its own token is
      // API traffic, and insights count it so.
      const channel = principal.widget ? 'widget' : 'api';
      const created = await deps.questions.ask(principal, body, {
        channel,
        admitted: deps.rateLimiter.consume(req, res, principal),
      });
      res.setHeader('Location', `${deps.basePath}/question/${created.question_id}/`);
      openEventStream(res, deps.metrics);
      await pipeQuestionEvents(req, res, deps.questions, {
        tenant: principal.tenant,
        questionId: created.question_id,
        heartbeatMs: deps.heartbeatMs,
      });
    },
  );

  routes.add(
    {
      method: 'post',
      path: '/conversation/',
      summary: 'A chat’s questions, to restore the widget’s history',
      tag: 'Widget',
      operationId: 'getConversation',
      description:
        "Returns a chat's questions with their answers, oldest first, so the widget can restore its history after a reload.",
      scope: 'ask',
      body: ConversationRequestSchema,
      responses: { 200: { description: 'The conversation', schema: ConversationSchema } },
    },
    async (req, res, { body }) => {
      const chat = await deps.store.getChat(principalOf(req).tenant, body.chat_id);
      res.json({ chat_id: chat.id, questions: chat.questions });
    },
  );

  routes.add(
    {
      method: 'get',
      path: '/settings/',
      summary: 'Widget settings stored for the token’s tenant',
      tag: 'Widget',
      operationId: 'getWidgetSettings',
      description:
        "Returns the widget settings stored for the token's tenant, which the widget merges under the page's own `ASSISTANT_WIDGET` settings, and the longest question this API takes (`question_max_chars`), which the widget checks before sending one.",
      scope: 'ask',
      responses: {
        200: {
          description: 'Settings (the page’s own settings override them) and the question length limit',
          schema: WidgetSettingsResponseSchema,
        },
      },
    },
    sendSettings('private, max-age=60', { question_max_chars: deps.questionLimits.questionChars }),
  );

  routes.add(
    {
      method: 'get',
      path: '/admin/settings/',
      summary: 'The widget settings stored for the tenant (for the portal’s form)',
      tag: 'Widget',
      operationId: 'getAdminWidgetSettings',
      description:
        "Returns the widget settings stored for the tenant, for the portal's settings form (the same object `GET /settings/` serves to the widget).",
      scope: 'admin',
      responses: { 200: { description: 'The stored settings', schema: WidgetSettingsSchema } },
    },
    // The portal's form shows what is stored now, never a copy the browser kept.
    sendSettings('no-store'),
  );

  routes.add(
    {
      method: 'put',
      path: '/admin/settings/',
      summary: 'Store the widget settings of the token’s tenant',
      tag: 'Widget',
      operationId: 'putWidgetSettings',
      description:
        "Replaces the widget settings of the token's tenant (labels, colours, examples, filters); every widget of the tenant picks them up on its next load.",
      scope: 'admin',
      body: WidgetSettingsSchema,
      responses: { 200: { description: 'The stored settings', schema: WidgetSettingsSchema } },
    },
    async (req, res, { body }) => {
      await deps.settings.put(principalOf(req).tenant, body);
      res.json(body);
    },
  );
}
