import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  SearchDocsInputSchema,
  SearchResponseSchema,
  type SearchResponse,
  type SearchResult,
} from '@docqa/contracts';
import type { McpCaller } from '../mcp-caller';
import type { ToolContext } from '../tool-context';
import { guardTool, toolError, toolResult } from '../tool-result';

/** `search_docs` (scope search): ranked passages with what an agent needs to cite them. */
export function registerSearchDocs(server: McpServer, caller: McpCaller, ctx: ToolContext): void {
  server.registerTool(
    'search_docs',
    {
      title: 'Search the documentation',
      description:
        'Search this knowledge base (the team’s documentation) and get the most relevant passages, each with its title, URL, document_id and text. Use it to look up facts, commands, options, error messages or how-tos before answering from memory; cite passages by title and URL. Call get_document with a result’s document_id to read the whole page.',
      inputSchema: SearchDocsInputSchema,
      outputSchema: SearchResponseSchema,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) =>
      guardTool(ctx.logger, 'search_docs', async () => {
        if (!caller.may('search')) return toolError(MISSING_SEARCH_SCOPE);
        const found = await caller.search({
          query: args.query,
          search_mode: args.mode,
          filters: args.filters,
          limit: args.limit,
          version: args.version,
        });
        return toolResult(formatResults(args.query, found), found);
      }),
  );
}

export const MISSING_SEARCH_SCOPE = 'This token lacks the "search" scope, which this tool needs.';

function formatResults(query: string, found: SearchResponse): string {
  if (!found.results.length) return `No passages match "${query}" (${found.search_mode} search).`;
  const count = found.results.length;
  const header = `${count} ${count === 1 ? 'passage' : 'passages'} for "${query}" (${found.search_mode} search), best first:`;
  return [header, ...found.results.map(formatResult)].join('\n\n');
}

function formatResult(result: SearchResult, i: number): string {
  return [
    `[${i + 1}] ${result.title}`,
    ...(result.url ? [`URL: ${result.url}`] : []),
    `document_id: ${result.document_id} (chunk ${result.chunk_id}, score ${result.score.toFixed(3)})`,
    result.text,
  ].join('\n');
}
