import {
  BatchCreatedSchema,
  ChatRecordSchema,
  FeedbackRequestSchema,
  LastEventIdSchema,
  QuestionCreatedSchema,
  QuestionRecordSchema,
  questionRequestSchemas,
  z,
} from '@docqa/contracts';
import { principalOf } from '../http/auth';
import { IdempotencyHeaders, idempotencyKey } from '../http/idempotency-key';
import { addGetRoute, parseHeader, type RouteTable } from '../http/route';
import { closeSignal, openEventStream, pipeQuestionEvents } from '../http/sse';
import type { ApiDeps } from '../api-deps';
import { rateAnswer } from '../rate-answer';

const IfNoneMatchHeaders = z.object({
  'if-none-match': z.string().max(1000).optional().openapi({
    description:
      'The `ETag` of the record last read: an unchanged record answers `304` (with `?wait`, once it changes).',
  }),
});
const WaitQuery = z.object({
  wait: z.coerce
    .number()
    .min(0)
    .max(30)
    .optional()
    .openapi({ description: 'Long poll: seconds to wait for a change (≤ 30).' }),
});
const EventsQuery = z.object({
  last_event_id: LastEventIdSchema.optional().openapi({
    description: 'Resume after this event id (as the `Last-Event-ID` header does).',
  }),
});
const EventsHeaders = z.object({
  'last-event-id': LastEventIdSchema.optional().openapi({
    description: 'Resume after this event id (what a browser’s EventSource sends on reconnecting).',
  }),
});

/** `POST /question/`, `GET /question/{id}/`, its events, batch, feedback and `GET /chat/{id}/`. */
export function questionRoutes(routes: RouteTable, deps: ApiDeps): void {
  const requests = questionRequestSchemas(deps.questionLimits);
  routes.add(
    {
      method: 'post',
      path: '/question/',
      summary: 'Ask a question; poll GET /question/{id}/ for the answer',
      tag: 'Questions',
      operationId: 'askQuestion',
      description:
        'Records a question and queues it for answering; returns at once with its id (and `Location`). Poll `GET /question/{id}/` (with `?wait=` to long-poll) or stream `GET /question/{id}/events`. Pass `chat_id` to ask a follow-up, and `Idempotency-Key` to make retries safe.',
      scope: 'ask',
      body: requests.question,
      headers: IdempotencyHeaders,
      responses: {
        201: {
          description: 'Question recorded and queued',
          schema: QuestionCreatedSchema,
          headers: {
            Location: 'URL of the question',
            'Idempotent-Replayed':
              '`true` when the same `Idempotency-Key` and body were sent before: the ids are the earlier request’s, and nothing new was asked',
          },
        },
        409: { description: 'Idempotency-Key reused with another body' },
      },
    },
    async (req, res, { body }) => {
      const principal = principalOf(req);
      const created = await deps.questions.ask(principal, body, {
        idempotencyKey: idempotencyKey(req.get('idempotency-key')),
        channel: 'api',
        // The rate limit and the question's version are read from Redis together.
        admitted: deps.rateLimiter.consume(req, res, principal),
      });
      res.setHeader('Location', `${deps.basePath}/question/${created.question_id}/`);
      if (created.replayed) res.setHeader('Idempotent-Replayed', 'true');
      res.status(201).json({ question_id: created.question_id, chat_id: created.chat_id });
    },
  );

  routes.add(
    {
      method: 'get',
      path: '/question/:id/',
      summary: 'Read a question and its (partial while generating) answer',
      tag: 'Questions',
      operationId: 'getQuestion',
      description:
        'Returns a question record. While it is answered, `status` moves from queued through retrieving and generating to ready or failed and `response` grows; `is_ready` is true once it ends. Supports `ETag`/`If-None-Match` and long polling with `?wait=SECONDS` (at most 30).',
      scope: 'ask',
      query: WaitQuery,
      headers: IfNoneMatchHeaders,
      responses: {
        200: {
          description: 'The question record',
          schema: QuestionRecordSchema,
          headers: { ETag: 'Version of the record' },
        },
        304: { description: 'Unchanged since If-None-Match' },
      },
    },
    async (req, res, { query }) => {
      const principal = principalOf(req);
      const known = versionOf(req.get('if-none-match'));
      const stored = await deps.questions.get(principal.tenant, String(req.params.id), {
        waitSeconds: query.wait,
        knownVersion: known,
        // Only a long poll needs to notice the client leaving (an AbortController per plain read costs ~4 % of it).
        signal: query.wait ? closeSignal(res) : undefined,
      });
      res.setHeader('ETag', `"v${stored.version}"`);
      res.setHeader('Cache-Control', 'no-cache');
      if (known === stored.version) res.status(304).end();
      else res.json(stored.record);
    },
  );

  routes.add(
    {
      method: 'get',
      path: '/question/:id/events',
      summary: 'Stream the answer as server-sent events (resume with Last-Event-ID)',
      tag: 'Questions',
      operationId: 'streamQuestionEvents',
      description:
        "Streams a question's answer as server-sent events (`status`, `delta`, `sources`, `done`, `error`) from the start, or after `Last-Event-ID` to resume. The stream closes after `done` or `error`; a comment heartbeat keeps it open meanwhile.",
      scope: 'ask',
      query: EventsQuery,
      headers: EventsHeaders,
      responses: {
        200: {
          description: 'Events question, status, delta, sources, done, error; each with an id',
          schema: z.string(),
          contentType: 'text/event-stream',
        },
      },
    },
    async (req, res, { query }) => {
      const principal = principalOf(req);
      const questionId = String(req.params.id);
      const header = parseHeader(LastEventIdSchema, 'last-event-id', req.get('last-event-id'));
      await deps.questions.get(principal.tenant, questionId);
      openEventStream(res, deps.metrics);
      await pipeQuestionEvents(req, res, deps.questions, {
        tenant: principal.tenant,
        questionId,
        lastEventId: header ?? query.last_event_id,
        heartbeatMs: deps.heartbeatMs,
      });
    },
  );

  routes.add(
    {
      method: 'post',
      path: '/question/batch/',
      summary: `Ask up to ${deps.questionLimits.batchQuestions} questions at batch priority (behind interactive questions)`,
      tag: 'Questions',
      operationId: 'askQuestionBatch',
      description:
        'Records and queues many questions in one call, at batch priority: workers answer interactive questions first. Returns the ids in request order.',
      scope: 'ask',
      body: requests.batch,
      headers: IdempotencyHeaders,
      responses: {
        201: { description: 'Questions recorded and queued, in request order', schema: BatchCreatedSchema },
        409: { description: 'Idempotency-Key reused with another body' },
      },
    },
    async (req, res, { body }) => {
      const principal = principalOf(req);
      await deps.rateLimiter.consume(req, res, principal, body.questions.length);
      const questions = await deps.questions.askBatch(
        principal,
        body.questions,
        idempotencyKey(req.get('idempotency-key')),
      );
      res.status(201).json({ questions });
    },
  );

  routes.add(
    {
      method: 'post',
      path: '/question/:id/feedback/',
      summary: 'Rate an answer (thumbs up or down, with details)',
      tag: 'Questions',
      operationId: 'rateAnswer',
      description:
        'Records a thumbs up or down on an answer, with optional details and the page URL; the latest rating of a question counts.',
      scope: 'ask',
      body: FeedbackRequestSchema,
      responses: { 204: { description: 'Feedback stored' } },
    },
    async (req, res, { body }) => {
      await rateAnswer(deps, principalOf(req).tenant, String(req.params.id), body);
      res.status(204).end();
    },
  );

  addGetRoute(
    routes,
    {
      path: '/chat/:id/',
      summary: 'Read a chat with its questions, oldest first',
      tag: 'Questions',
      operationId: 'getChat',
      description: 'Returns a chat with all its questions and answers, oldest first.',
      scope: 'ask',
      responses: { 200: { description: 'The chat', schema: ChatRecordSchema } },
    },
    (tenant, id) => deps.store.getChat(tenant, id),
  );
}

/** The version in an `If-None-Match` ETag (`"v12"` or `W/"v12"`), if any. */
function versionOf(header: string | undefined): number | undefined {
  const match = header && /^(?:W\/)?"v(\d+)"$/.exec(header.trim());
  return match ? Number(match[1]) : undefined;
}
