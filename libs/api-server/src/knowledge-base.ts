import type { Logger } from 'pino';
import { createAnswerer } from '@docqa/answering';
import { documentUploadRoutes } from './routes/document-upload';
import { mcpRoutes } from './routes/mcp';
import type { Config } from '@docqa/config';
import { openDocumentService } from '@docqa/ingest';
import { createRetrieval } from '@docqa/retrieval';
import { parseLimitsOf } from '@docqa/sources';
import { GitHubPullRequests, openSources } from '@docqa/sync';
import { gapDocsRoutes } from './routes/gap-docs';
import { documentChunkRoutes } from './routes/document-chunks';
import { documentRoutes } from './routes/documents';
import { sourceRoutes } from './routes/sources';
import type { ApiServices } from './server';

/** Builds the API's knowledge-base services (search, documents, sources, health probes) for the configured providers. */
export async function createApiServices(config: Config, logger: Logger): Promise<ApiServices> {
  const retrieval = await createRetrieval(config, logger);
  const answerer = createAnswerer(config, { retriever: retrieval });
  const documents = await openDocumentService(config, { ...retrieval.deps, logger });
  const sources = await openSources(config, { documents: documents.service, logger });
  return {
    retrieval,
    knowledge: retrieval.deps,
    probes: retrieval.probes(),
    modelProbe: () => answerer.health(),
    routeGroups: [
      documentRoutes(documents.service, parseLimitsOf(config)),
      documentChunkRoutes({
        get: (tenant, id) => documents.service.get(tenant, id),
        chunks: (tenant, id) => retrieval.documentChunks(tenant, id),
      }),
      documentUploadRoutes(documents.uploads, {
        fileBytes: config.uploadMaxFileMb * 1024 * 1024,
        files: config.uploadMaxFiles,
      }),
      sourceRoutes(sources.service),
      gapDocsRoutes(sources.service, new GitHubPullRequests({ apiUrl: config.githubApiUrl })),
      mcpRoutes({
        readDocument: (tenant, id, opts) => retrieval.readDocument(tenant, id, opts),
        answerTimeoutMs: config.mcpAnswerTimeoutSeconds * 1000,
      }),
    ],
    close: async () => {
      await sources.close();
      await documents.close();
      await retrieval.deps.store.close();
    },
  };
}
