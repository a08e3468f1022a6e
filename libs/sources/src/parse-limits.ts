import { ValidationError } from '@docqa/errors';

/**
 * How much parsing one file or page may cost; over a limit the loader refuses the file with a
 * {@link ValidationError} that names the limit, rather than crashing or freezing its process.
 */
export interface ParseLimits {
  /** Most bytes a PDF's compressed streams may inflate to. @defaultValue 50 MB (`PARSE_MAX_INFLATED_MB`) */
  inflatedBytes: number;
  /** Most pages of a PDF. @defaultValue 2,000 (`PARSE_MAX_PAGES`) */
  pages: number;
  /** Most characters of text one document may hold. @defaultValue 5,000,000 (`PARSE_MAX_TEXT_CHARS`) */
  textChars: number;
  /** Deepest nesting of HTML elements. @defaultValue 500 (`PARSE_MAX_HTML_DEPTH`) */
  htmlDepth: number;
  /** Longest parse of one file on its own thread, in ms. @defaultValue 60 s (`PARSE_TIMEOUT_SECONDS`) */
  timeoutMs: number;
  /** Heap of that thread, in MB. @defaultValue 512 (`PARSE_MAX_HEAP_MB`) */
  heapMb: number;
}

/**
 * The limits of the settings' defaults, for callers given none (`docqa ingest`, tests); the
 * composition's spec checks them against `@docqa/config`'s defaults.
 */
export const DEFAULT_PARSE_LIMITS: Readonly<ParseLimits> = Object.freeze({
  inflatedBytes: 50 * 1024 * 1024,
  pages: 2000,
  textChars: 5_000_000,
  htmlDepth: 500,
  timeoutMs: 60_000,
  heapMb: 512,
});

/** Refuses a document whose text is longer than the limit. */
export function refuseLongText(text: string, limits: Pick<ParseLimits, 'textChars'>): void {
  if (text.length > limits.textChars) throw textTooLong(limits);
}

/** The refusal of a text longer than the limit. */
export function textTooLong(limits: Pick<ParseLimits, 'textChars'>): ValidationError {
  return new ValidationError(`the text runs past ${limits.textChars.toLocaleString('en-US')} characters`);
}

/** Bytes as MB for a message: 52428800 → "50 MB". */
export function megabytes(bytes: number): string {
  return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
}
