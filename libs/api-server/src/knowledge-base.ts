import type { Logger } from 'pino';
import { createAnswerer } from '@docqa/answering';
import type { Config } from '@docqa/config';
import { openDocumentService } from '@docqa/ingest';
import { createRetrieval } from '@docqa/retrieval';
import { documentRoutes } from './routes/documents';
import type { ApiServices } from './server';

/** Builds the API's knowledge-base services (search, documents, health probes) for the configured providers. */
export async function createApiServices(config: Config, logger: Logger): Promise<ApiServices> {
  const retrieval = await createRetrieval(config);
  const answerer = createAnswerer(config, { retriever: retrieval });
  const documents = await openDocumentService(config, { ...retrieval.deps, logger });
  return {
    retrieval,
    probes: retrieval.probes(),
    modelProbe: () => answerer.health(),
    routeGroups: [documentRoutes(documents.service)],
    close: async () => {
      await documents.close();
      await retrieval.deps.store.close();
    },
  };
}
