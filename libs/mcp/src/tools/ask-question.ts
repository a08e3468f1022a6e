import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  type askQuestionInputSchema,
  API_BASE_PATH,
  McpAnswerSchema,
  type McpAnswer,
  type QuestionRecord,
} from '@docqa/contracts';
import type { McpCaller } from '../mcp-caller';
import type { ToolContext } from '../tool-context';
import { guardTool, toolError, toolResult } from '../tool-result';
import { AnswerProgress } from './answer-progress';

/**
 * `ask_question` (scope ask): asks the question pipeline and waits for the finished answer,
 * bounded by the context's time-out, with progress notifications while it is generated.
 */
export function registerAskQuestion(
  server: McpServer,
  caller: McpCaller,
  ctx: ToolContext,
  inputSchema: ReturnType<typeof askQuestionInputSchema>,
): void {
  server.registerTool(
    'ask_question',
    {
      title: 'Ask the documentation',
      description: `Ask a question in natural language and get an answer written from this knowledge base, with numbered sources ([1], [2], …) that give each source's title, URL and document_id. Takes a few seconds (at most ${Math.round(ctx.answerTimeoutMs / 1000)} s). Prefer search_docs to look up passages yourself; use this for a ready, cited answer. Pass the returned chat_id to ask a follow-up.`,
      inputSchema,
      outputSchema: McpAnswerSchema,
      annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: false },
    },
    (args, extra) =>
      guardTool(ctx.logger, 'ask_question', async () => {
        if (!caller.may('ask')) return toolError('This token lacks the "ask" scope, which this tool needs.');
        const created = await caller.ask({ question: args.question, chat_id: args.chat_id });
        const signal = AbortSignal.any([extra.signal, AbortSignal.timeout(ctx.answerTimeoutMs)]);
        const progress = new AnswerProgress(extra);
        for await (const item of caller.answerEvents(created.question_id, signal)) {
          if (!item) continue;
          const { event } = item;
          if (event.type === 'done' && event.data.record.status !== 'failed') {
            return answerResult(event.data.record);
          }
          const problem =
            event.type === 'error'
              ? event.data.problem
              : event.type === 'done'
                ? event.data.record.error
                : undefined;
          if (event.type === 'error' || event.type === 'done') {
            return toolError(
              `The question could not be answered: ${problem?.detail ?? problem?.title ?? 'it failed'}.`,
            );
          }
          await progress.report(event);
        }
        return toolError(
          `No answer within ${Math.round(ctx.answerTimeoutMs / 1000)} s. The question ${created.question_id} is still being answered: GET ${API_BASE_PATH}/question/${created.question_id}/ returns it when ready.`,
        );
      }),
  );
}

function answerResult(record: QuestionRecord) {
  const answer: McpAnswer = {
    question_id: record.id,
    chat_id: record.chat_id,
    answer: record.response,
    sources: record.sources,
  };
  const sources = record.sources.map(
    (s, i) => `[${i + 1}] ${s.title}${s.url ? ` — ${s.url}` : ''} (document_id: ${s.document_id})`,
  );
  const text = [
    record.response,
    ...(sources.length ? ['', 'Sources:', ...sources] : []),
    '',
    `chat_id: ${record.chat_id} (pass it to ask a follow-up)`,
  ].join('\n');
  return toolResult(text, answer);
}
