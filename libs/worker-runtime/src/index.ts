export { startWorker, type ConsumerFactory } from './worker-runtime';
export { createKnowledgeBase } from './knowledge-base';
