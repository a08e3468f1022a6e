import type { Answerer } from '@docqa/answering';
import type { DocumentServices } from '@docqa/ingest';
import type { Retrieval } from '@docqa/retrieval';
import type { ParseLimits } from '@docqa/sources';
import type { SourceService } from '@docqa/sync';
import { documentUploadRoutes } from './routes/document-upload';
import { mcpRoutes } from './routes/mcp';
import { GitHubPullRequests } from '@docqa/sync';
import { gapDocsRoutes } from './routes/gap-docs';
import { documentChunkRoutes } from './routes/document-chunks';
import { documentRoutes } from './routes/documents';
import { sourceRoutes } from './routes/sources';
import type { ApiServices } from './server';

/** The settings of the knowledge-base routes (named as in `@docqa/config`). */
export interface KnowledgeBaseSettings {
  uploadMaxFileMb: number;
  uploadMaxFiles: number;
  mcpAnswerTimeoutSeconds: number;
  /** GitHub's REST API, where a gap's docs draft is opened as a pull request. */
  githubApiUrl: string;
}

/** The knowledge base the API serves: built, and closed, by the process's composition root. */
export interface ApiKnowledgeBase {
  retrieval: Retrieval;
  answerer: Answerer;
  documents: DocumentServices;
  sources: SourceService;
  /** What parsing one file may cost. */
  parseLimits: ParseLimits;
}

/** The API's knowledge-base services: search, documents, sources, MCP and health probes. */
export function createApiServices(settings: KnowledgeBaseSettings, kb: ApiKnowledgeBase): ApiServices {
  const { retrieval, answerer, documents, sources } = kb;
  return {
    retrieval,
    knowledge: retrieval.deps,
    probes: retrieval.probes(),
    modelProbe: () => answerer.health(),
    routeGroups: [
      documentRoutes(documents.service, kb.parseLimits),
      documentChunkRoutes({
        get: (tenant, id) => documents.service.get(tenant, id),
        chunks: (tenant, id) => retrieval.documentChunks(tenant, id),
      }),
      documentUploadRoutes(documents.uploads, {
        fileBytes: settings.uploadMaxFileMb * 1024 * 1024,
        files: settings.uploadMaxFiles,
      }),
      sourceRoutes(sources),
      gapDocsRoutes(sources, new GitHubPullRequests({ apiUrl: settings.githubApiUrl })),
      mcpRoutes({
        readDocument: (tenant, id, opts) => retrieval.readDocument(tenant, id, opts),
        answerTimeoutMs: settings.mcpAnswerTimeoutSeconds * 1000,
      }),
    ],
  };
}
