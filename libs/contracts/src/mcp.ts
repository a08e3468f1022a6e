import { FiltersSchema } from './filter';
import { DocumentIdSchema } from './documents';
import { QuestionCreatedSchema, SourceSchema, type QuestionLimits, questionRequestSchemas } from './question';
import { SearchModeSchema, SearchRequestSchema } from './search';
import { z } from './zod';
import { DocVersionSchema } from './versions';

/**
 * The arguments of an MCP tool, and no others: an argument the tool does not have (`search_mode`,
 * the HTTP field, for `mode`; a guessed `top_k`) fails the tool's check with the names it takes,
 * instead of being dropped while the call runs with defaults the model did not choose.
 */
function toolArguments<Shape extends z.ZodRawShape>(shape: Shape) {
  const names = Object.keys(shape).join(', ');
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `unknown argument ${issue.keys.join(', ')}; this tool takes ${names}`
        : undefined,
  });
}

/**
 * Arguments of the MCP tool `search_docs` (DESIGN §12): `POST /rag/search/`'s fields under the
 * names an agent expects. Descriptions are what a model reads to choose and fill the tool.
 */
export const SearchDocsInputSchema = toolArguments({
  query: SearchRequestSchema.shape.query.describe(
    'What to look for, in natural language or keywords (e.g. "rotate an API token").',
  ),
  mode: SearchModeSchema.default('hybrid').describe(
    '"hybrid" (default: keywords and meaning), "keyword" (exact terms, error messages, option names) or "semantic" (meaning, paraphrases).',
  ),
  filters: FiltersSchema.optional().describe(
    'Metadata filters that must all hold, e.g. [{"type":"eq","property":"product","value":"cli"}]. "eq": the property equals the value (any of a list); "contains": a list property includes the value, or a text property contains it as a word or phrase.',
  ),
  limit: SearchRequestSchema.shape.limit.describe('How many passages to return (1-50, default 10).'),
  version: DocVersionSchema.optional().describe(
    'The product version the user works with (e.g. "2.x"): only that version’s pages and unversioned ones. Default: the latest.',
  ),
});
export type SearchDocsInput = z.infer<typeof SearchDocsInputSchema>;

/** Arguments of the MCP tool `get_document`. */
export const GetDocumentInputSchema = toolArguments({
  document_id: DocumentIdSchema.describe('The `document_id` of a search_docs result or of an answer source.'),
  offset: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe(
      'Where to start reading, in characters (default 0): the `next_offset` of the previous call, to read on in a long document.',
    ),
});
export type GetDocumentInput = z.infer<typeof GetDocumentInputSchema>;

/** A document read back from its chunks (MCP `get_document`). */
export const DocumentTextSchema = z.object({
  document_id: z.string(),
  title: z.string(),
  url: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
  /** The document as Markdown: its sections' headings and text. */
  text: z.string(),
  /** Where `text` starts in the document's text, in characters. */
  offset: z.number().int(),
  /** Whether the document goes on after `text` (cut at the tool's size limit). */
  truncated: z.boolean(),
  /** The `offset` to read on from when `truncated`; null at the document's end. */
  next_offset: z.number().int().nullable(),
});
export type DocumentText = z.infer<typeof DocumentTextSchema>;

/** Which part of a document's text to read: `maxChars` characters from `offset` (0). */
export interface DocumentSlice {
  offset?: number;
  maxChars: number;
}

/** Arguments of the MCP tool `ask_question`, at the configured question limits. */
export function askQuestionInputSchema(limits: QuestionLimits) {
  const { question, chat_id, version } = questionRequestSchemas(limits).question.shape;
  return toolArguments({
    question: question.describe('The question, as a user would ask it (one question per call).'),
    chat_id: chat_id.describe(
      'The chat_id of an earlier ask_question result, to ask a follow-up in the same conversation.',
    ),
    version: version.describe(
      'The product version the user works with (e.g. "2.x"); a follow-up keeps its chat’s. Default: the latest.',
    ),
  });
}

/** Arguments of the MCP tool `get_answer`: a question asked earlier, whose answer it waits for. */
export const GetAnswerInputSchema = toolArguments({
  question_id: z
    .string()
    .min(1)
    .max(100)
    .describe(
      'The question_id of an earlier ask_question (named in its time-out error) or of POST /question/.',
    ),
});
export type GetAnswerInput = z.infer<typeof GetAnswerInputSchema>;

/** Result of the MCP tools `ask_question` and `get_answer`: the finished answer with its numbered sources. */
export const McpAnswerSchema = z.object({
  ...QuestionCreatedSchema.shape,
  /** Markdown; `[n]` cites `sources[n-1]`. */
  answer: z.string(),
  sources: z.array(SourceSchema),
});
export type McpAnswer = z.infer<typeof McpAnswerSchema>;

/** A JSON-RPC 2.0 message of `POST /mcp`, as documented; the MCP transport checks it itself. */
const JsonRpcMessageSchema = z
  .object({
    jsonrpc: z.literal('2.0'),
    id: z.union([z.string(), z.number()]).optional(),
    method: z.string().optional(),
    params: z.record(z.string(), z.unknown()).optional(),
  })
  .passthrough()
  .openapi('JsonRpcMessage');

/** The body of `POST /mcp`: one JSON-RPC message or a batch of them. */
export const McpRequestBodySchema = z
  .union([JsonRpcMessageSchema, z.array(JsonRpcMessageSchema)])
  .openapi('McpRequestBody', {
    example: {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'search_docs', arguments: { query: 'create a token' } },
    },
  });
