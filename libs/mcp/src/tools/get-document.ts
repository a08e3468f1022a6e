import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { DocumentTextSchema, GetDocumentInputSchema, type DocumentText } from '@docqa/contracts';
import type { McpCaller } from '../mcp-caller';
import type { ToolContext } from '../tool-context';
import { guardTool, toolError, toolResult } from '../tool-result';
import { MISSING_SEARCH_SCOPE } from './search-docs';

/** `get_document` (scope search): a whole document's text, for a document_id search returned. */
export function registerGetDocument(server: McpServer, caller: McpCaller, ctx: ToolContext): void {
  server.registerTool(
    'get_document',
    {
      title: 'Read a whole document',
      description:
        'Read the full text (Markdown) of one document of this knowledge base, with its title and URL, by the document_id a search_docs result or an ask_question source gives. Use it when a passage is not enough: to follow a procedure end to end or to quote surrounding context. A long document comes in parts: pass the returned next_offset as offset to read on.',
      inputSchema: GetDocumentInputSchema,
      outputSchema: DocumentTextSchema,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) =>
      guardTool(ctx.logger, 'get_document', async () => {
        if (!caller.may('search')) return toolError(MISSING_SEARCH_SCOPE);
        const document = await caller.readDocument(args.document_id, {
          offset: args.offset,
          maxChars: ctx.documentMaxChars,
        });
        if (!document) {
          return toolError(
            `Document ${args.document_id} was not found. Use a document_id from search_docs results.`,
          );
        }
        return toolResult(formatDocument(document), document);
      }),
  );
}

function formatDocument(document: DocumentText): string {
  return [
    `Title: ${document.title}`,
    ...(document.url ? [`URL: ${document.url}`] : []),
    `document_id: ${document.document_id}`,
    '',
    document.text,
    ...(document.next_offset !== null
      ? [
          '',
          `[The document goes on: call get_document with document_id "${document.document_id}" and offset ${document.next_offset} to read the next part.]`,
        ]
      : []),
  ].join('\n');
}
