import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { GetAnswerInputSchema, McpAnswerSchema } from '@docqa/contracts';
import type { McpCaller } from '../mcp-caller';
import type { ToolContext } from '../tool-context';
import { guardTool, toolError } from '../tool-result';
import { MISSING_ASK_SCOPE, awaitAnswer } from './ask-question';

/**
 * `get_answer` (scope ask): the answer of a question asked earlier, waited for as `ask_question`
 * waits. An agent whose `ask_question` ran out of time picks its answer up here, by the question
 * id the time-out named, instead of asking again.
 */
export function registerGetAnswer(server: McpServer, caller: McpCaller, ctx: ToolContext): void {
  server.registerTool(
    'get_answer',
    {
      title: 'Get the answer of an earlier question',
      description: `Get the answer of a question asked before, by its question_id: when ask_question ran out of time (its error names the question_id), call this instead of asking again. Waits for the answer as ask_question does (at most ${Math.round(ctx.answerTimeoutMs / 1000)} s) and returns it with its numbered sources.`,
      inputSchema: GetAnswerInputSchema,
      outputSchema: McpAnswerSchema,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args, extra) =>
      guardTool(ctx.logger, 'get_answer', async () => {
        if (!caller.may('ask')) return toolError(MISSING_ASK_SCOPE);
        // A question of another tenant, or none, is a NotFoundError: "question … was not found".
        await caller.question(args.question_id);
        return awaitAnswer(caller, ctx, args.question_id, extra);
      }),
  );
}
