export {
  QuestionStore,
  type AnswerRecords,
  type QuestionRecords,
  type StoredEvent,
  type StoredQuestion,
  type WriteResult,
} from './question-store';
export { SettingsStore } from './settings-store';
export { FeedbackStore } from './feedback-store';
export type { RecordStoreOptions } from './record-store-options';
