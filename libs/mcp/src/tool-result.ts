import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Logger } from 'pino';
import { AppError } from '@docqa/errors';

/** A tool's refusal or failure, as the model sees it: `isError` with a message it can act on. */
export function toolError(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

/**
 * Runs a tool and turns what it throws into a tool error: an `AppError`'s message is meant for
 * callers (not found, forbidden, rate limited, unavailable); anything else is logged and reported
 * without its details, as the HTTP API's 500 problem is.
 */
export async function guardTool(
  logger: Logger,
  tool: string,
  run: () => Promise<CallToolResult>,
): Promise<CallToolResult> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof AppError) return toolError(err.message);
    logger.error({ err, tool }, 'MCP tool failed');
    return toolError(`${tool} failed with an internal error; try again later.`);
  }
}

/** Text of a tool result, with `structuredContent` for clients that read it. */
export function toolResult(text: string, structured: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text }], structuredContent: structured };
}
