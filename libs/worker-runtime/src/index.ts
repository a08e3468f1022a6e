/** The consumers of the worker: questions, ingest, source syncs and channel deliveries, and the binding of records to the vector store. */
export { startWorker, type WorkerClients, type WorkerHandle, type WorkerSettings } from './worker-runtime';
export { createIngestWorker, type IngestWorkerOptions } from './ingest-worker';
export { createSourceWorker } from './source-worker';
export { createDeliveryWorker, type DeliveryWorkerOptions } from './delivery-worker';
export { bindRecordsToStore } from './store-binding';
