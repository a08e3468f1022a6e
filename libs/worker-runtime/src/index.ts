export { startWorker, type WorkerClients, type WorkerHandle, type WorkerSettings } from './worker-runtime';
export { createIngestWorker, type IngestWorkerOptions } from './ingest-worker';
export { createSourceWorker } from './source-worker';
export { bindRecordsToStore } from './store-binding';
