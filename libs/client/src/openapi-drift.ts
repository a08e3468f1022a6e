/**
 * The SDK's calls checked against the client types that openapi-typescript generates from the
 * API's OpenAPI document (`openapi-types.ts`, kept equal to the served document by the
 * api-openapi integration test). If an operation disappears or its body or answer changes shape
 * so that the SDK would send what the API refuses, or expect what it does not return,
 * `npm run typecheck` fails here. Types only: nothing of this file reaches the bundle.
 */
import type {
  BatchCreated,
  ChatRecord,
  DocumentRecord,
  FeedbackRequest,
  HealthMode,
  HealthResponse,
  IngestAccepted,
  JobRecord,
  QuestionCreated,
  QuestionRecord,
  QuestionRequest,
  SearchResponse,
} from '@docqa/contracts';
import type { DocumentCreateInput, DocumentPage, SearchInput } from './docqa-client';
import type { operations } from './openapi-types';

type Op = keyof operations;
type Body<O extends Op> = operations[O] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;
type Answer<O extends Op, S extends number> = operations[O] extends {
  responses: { [K in S]: { content: { 'application/json': infer R } } };
}
  ? R
  : never;
type Query<O extends Op> = operations[O] extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

/** What the SDK sends is a body the API accepts. */
type Sends<O extends Op, Sdk> = [Body<O>] extends [never] ? false : [Sdk] extends [Body<O>] ? true : false;
/** What the API answers is what the SDK promises its callers. */
type Gets<O extends Op, S extends number, Sdk> = [Answer<O, S>] extends [never]
  ? false
  : [Answer<O, S>] extends [Sdk]
    ? true
    : false;

/** Compiles only when every check is `true`. */
type All<T extends true[]> = T;

export type SdkMatchesOpenApi = All<
  [
    Sends<'askQuestion', QuestionRequest>,
    Gets<'askQuestion', 201, QuestionCreated>,
    Sends<'askQuestionBatch', { questions: QuestionRequest[] }>,
    Gets<'askQuestionBatch', 201, BatchCreated>,
    Gets<'getQuestion', 200, QuestionRecord>,
    [{ wait?: number }] extends [Query<'getQuestion'>] ? true : false,
    Gets<'getChat', 200, ChatRecord>,
    Sends<'searchDocuments', SearchInput>,
    Gets<'searchDocuments', 200, SearchResponse>,
    Sends<'rateAnswer', FeedbackRequest>,
    Sends<'createDocuments', { documents: DocumentCreateInput[] }>,
    Gets<'createDocuments', 202, IngestAccepted>,
    [{ cursor?: string; limit?: number; q?: string }] extends [Query<'listDocuments'>] ? true : false,
    Gets<'listDocuments', 200, DocumentPage>,
    Gets<'getDocument', 200, DocumentRecord>,
    Gets<'getJob', 200, JobRecord>,
    [{ mode?: HealthMode }] extends [Query<'getHealth'>] ? true : false,
    Gets<'getHealth', 200, HealthResponse>,
    Gets<'getHealth', 503, HealthResponse>,
  ]
>;
