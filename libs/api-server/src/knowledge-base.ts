import type { Logger } from 'pino';
import { createAnswerer } from '@docqa/answering';
import { documentUploadRoutes } from './routes/document-upload';
import { documentRoutes, type DocumentsBackend } from './routes/documents';
import type { ApiServices } from './server';
import type { Config } from '@docqa/config';
import { DocumentStore, Ingestor } from '@docqa/ingest';
import { IngestQueue } from '@docqa/queue';
import { createRetrieval } from '@docqa/retrieval';

/** Builds the API's knowledge-base services (search, documents, health probes) for the configured providers. */
export async function createApiServices(config: Config, logger: Logger): Promise<ApiServices> {
  const retrieval = await createRetrieval(config);
  const answerer = createAnswerer(config, { retriever: retrieval });
  let queue: IngestQueue | null = null;
  return {
    retrieval,
    knowledge: retrieval.deps,
    probes: retrieval.probes(),
    modelProbe: () => answerer.health(),
    routeGroups: ({ redis, keys }) => {
      const documents = new DocumentStore({ redis, keys });
      const ingestor = new Ingestor({
        store: retrieval.deps.store,
        embedder: retrieval.deps.embedder,
        documents,
        chunking: { size: config.chunkSize, overlap: config.chunkOverlap },
        logger,
      });
      queue = new IngestQueue(
        {
          connection: { url: config.redisUrl, enableOfflineQueue: false, maxRetriesPerRequest: 1 },
          prefix: keys.queuePrefix(),
          attempts: config.jobAttempts,
        },
        (err) => logger.warn({ err }, 'ingest queue connection error'),
      );
      const ingestQueue = queue;
      const backend: DocumentsBackend = {
        list: (tenant, opts) => documents.list(tenant, opts),
        get: (tenant, id) => documents.get(tenant, id),
        remove: (tenant, id) => ingestor.deleteDocument(tenant, id),
        createJob: (id, tenant, total) => documents.createJob(id, tenant, total),
        getJob: (tenant, id) => documents.getJob(tenant, id),
        enqueue: (job) => ingestQueue.enqueue(job),
      };
      return [
        documentRoutes(backend),
        documentUploadRoutes(backend, {
          fileBytes: config.uploadMaxFileMb * 1024 * 1024,
          files: config.uploadMaxFiles,
        }),
      ];
    },
    close: async () => {
      await queue?.close();
      await retrieval.deps.store.close();
    },
  };
}
