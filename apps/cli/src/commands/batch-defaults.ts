/**
 * Input lines per chunk by default: the API's default limit per batch call (`BATCH_MAX_QUESTIONS`).
 * Apart from `batch-file` so that `docqa --help` shows it without loading the contracts.
 */
export const CHUNK_LINES = 100;
