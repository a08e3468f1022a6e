import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { CallToolResult, ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import {
  type askQuestionInputSchema,
  API_BASE_PATH,
  McpAnswerSchema,
  type McpAnswer,
  type Problem,
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
        if (!caller.may('ask')) return toolError(MISSING_ASK_SCOPE);
        const created = await caller.ask({
          question: args.question,
          chat_id: args.chat_id,
          version: args.version,
        });
        return awaitAnswer(caller, ctx, created.question_id, extra);
      }),
  );
}

/** Why a tool that needs the `ask` scope refused a token without it. */
export const MISSING_ASK_SCOPE = 'This token lacks the "ask" scope, which this tool needs.';

/**
 * The answer of a question as a tool result, once it is ready: waited for (with progress
 * notifications) for at most the context's time-out, past which the error names the question
 * for `get_answer`.
 */
export async function awaitAnswer(
  caller: McpCaller,
  ctx: ToolContext,
  questionId: string,
  extra: RequestHandlerExtra<ServerRequest, ServerNotification>,
): Promise<CallToolResult> {
  const signal = AbortSignal.any([extra.signal, AbortSignal.timeout(ctx.answerTimeoutMs)]);
  const progress = new AnswerProgress(extra);
  for await (const item of caller.answerEvents(questionId, signal)) {
    if (!item) continue;
    const { event } = item;
    if (event.type === 'done') return finished(event.data.record);
    if (event.type === 'error') return failed(event.data.problem);
    await progress.report(event);
  }
  // The events of an answer finished long ago may have expired before its record.
  if (!signal.aborted) {
    const record = await caller.question(questionId);
    if (record.is_ready) return finished(record);
  }
  const seconds = Math.round(ctx.answerTimeoutMs / 1000);
  return toolError(
    `No answer within ${seconds} s. The question ${questionId} is still being answered: call get_answer with question_id "${questionId}" to wait for it again (or GET ${API_BASE_PATH}/question/${questionId}/).`,
  );
}

/** A finished question's result: its answer, or the error it failed with. */
function finished(record: QuestionRecord): CallToolResult {
  return record.status === 'failed' ? failed(record.error) : answerResult(record);
}

function failed(problem: Problem | null | undefined): CallToolResult {
  return toolError(
    `The question could not be answered: ${problem?.detail ?? problem?.title ?? 'it failed'}.`,
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
