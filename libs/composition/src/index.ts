/**
 * The composition of each docqa process: the one place that reads the Config, opens the Redis
 * connections, runs the key-layout migration and builds stores, queues, retrieval, the answerer
 * and the services. Imported by apps, tools and system tests only (lint keeps it so).
 */
export { composeApi, type ApiProcessOptions } from './compose-api';
export { composeWorker, type WorkerProcessOptions } from './compose-worker';
export { composeKnowledgeBase, type KnowledgeBase } from './knowledge-base';
export { openProcessClients, type ProcessClients } from './process-clients';
export { parseLimitsOf } from './parse-limits';
