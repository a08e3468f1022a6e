/** The question log and the reports made from it (questions, gaps, conversations, latency). */
export { createInsightsServices, type InsightsServices } from './insights-services';
export { QuestionLog, normaliseQuestion, type EndedQuestion } from './question-log';
export { InsightsReader, TOP_LIMIT } from './insights-reader';
export { ConversationsReader } from './conversations-reader';
export { GapFinder, DEFAULT_GAP_LIMITS, type GapLimits } from './gap-finder';
export { QuestionExport, csvHeader, csvLine, EXPORT_COLUMNS } from './question-export';
export { clusterVectors } from './cluster';
export { isNotCovered } from './log-entry';
export { resolvePeriod, dayOf, type Period } from './period';
export { histogramMedian, latencyBucket } from './latency-histogram';
export { SearchLog } from './search-log';
