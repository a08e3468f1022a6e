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
  SearchResponse,
  SourceRecord,
  SourceUpdate,
} from '@docqa/contracts';
import type {
  DocumentCreateInput,
  DocumentPage,
  QuestionInput,
  SearchInput,
  StreamQuestionInput,
} from './docqa-client';
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
/**
 * The SDK's request type is the API's body both ways: besides {@link Sends}, callers may send
 * every body the API documents (the `filters` shorthand, say), and no field the API would drop.
 */
type SendsExactly<O extends Op, Sdk> =
  Sends<O, Sdk> extends true
    ? [Body<O>] extends [Sdk]
      ? [Exclude<keyof Sdk, keyof Body<O>>] extends [never]
        ? true
        : false
      : false
    : false;
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
    SendsExactly<'askQuestion', QuestionInput>,
    Gets<'askQuestion', 201, QuestionCreated>,
    SendsExactly<'askQuestionBatch', { questions: QuestionInput[] }>,
    SendsExactly<'streamQuestion', StreamQuestionInput>,
    Gets<'askQuestionBatch', 201, BatchCreated>,
    Gets<'getQuestion', 200, QuestionRecord>,
    [{ wait?: number }] extends [Query<'getQuestion'>] ? true : false,
    Gets<'getChat', 200, ChatRecord>,
    SendsExactly<'searchDocuments', SearchInput>,
    Gets<'searchDocuments', 200, SearchResponse>,
    SendsExactly<'rateAnswer', FeedbackRequest>,
    SendsExactly<'createDocuments', { documents: DocumentCreateInput[] }>,
    Gets<'createDocuments', 202, IngestAccepted>,
    [{ cursor?: string; limit?: number; q?: string }] extends [Query<'listDocuments'>] ? true : false,
    Gets<'listDocuments', 200, DocumentPage>,
    Gets<'getDocument', 200, DocumentRecord>,
    Gets<'getJob', 200, JobRecord>,
    [{ mode?: HealthMode }] extends [Query<'getHealth'>] ? true : false,
    Gets<'getHealth', 200, HealthResponse>,
    Gets<'getHealth', 503, HealthResponse>,
    SendsExactly<'updateSource', SourceUpdate>,
    Gets<'updateSource', 200, SourceRecord>,
  ]
>;
