export { Keys } from './keys';
export { newId } from './ids';
export {
  QuestionStore,
  type AnswerRecords,
  type QuestionRecords,
  type StoredEvent,
  type StoredQuestion,
  type WriteResult,
} from './question-store';
export { ChangeFeed } from './change-feed';
export { SettingsStore } from './settings-store';
export { FeedbackStore } from './feedback-store';
export { closeRedis, connectRedis, waitForRedis } from './redis';
