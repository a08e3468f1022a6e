/** The BullMQ queues: producers of questions, ingest, source and channel delivery jobs, and their counts. */
export { QuestionQueue } from './question-queue';
export { IngestQueue } from './ingest-queue';
export { SourceQueue } from './source-queue';
export { DELIVERY_ATTEMPTS, DeliveryQueue } from './delivery-queue';
export { QueueWatch } from './queue-watch';
