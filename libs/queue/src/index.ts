/** The BullMQ queues: producers of questions, ingest and source jobs, and their counts. */
export { QuestionQueue } from './question-queue';
export { IngestQueue } from './ingest-queue';
export { SourceQueue } from './source-queue';
export { QueueWatch } from './queue-watch';
