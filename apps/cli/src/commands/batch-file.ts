import { createHash } from 'node:crypto';
import { QuestionRequestSchema, type QuestionRequest } from '@docqa/contracts';
import { ValidationError } from '@docqa/errors';
import { decodeFileText } from '@docqa/sources';
import { CHUNK_LINES } from './batch-defaults';

/** A valid input line: its 1-based line number and the question. */
export interface BatchItem {
  line: number;
  request: QuestionRequest;
}

/** A line of the input file: a valid question, or the reason it is not one. */
export type BatchLine = BatchItem | { line: number; error: string };

/** A block of input lines submitted in one `POST /question/batch/` under one idempotency key. */
export interface BatchChunk {
  key: string;
  items: BatchItem[];
  /**
   * Questions asked again because their earlier answers failed (`--retry-failed`): each is asked
   * and waited for although its line counts as done for the chunk it first came in.
   */
  retry?: boolean;
}

export { CHUNK_LINES };

/** Why a line that is JSON but not an object is not a question. */
const NOT_AN_OBJECT = 'not a JSON object: each line is {"question": "…"}';

/**
 * Parses JSONL text of `{question, chat_id?, filters?, question_metadata?}`. Blank lines are
 * skipped; a line that is not JSON or not a valid question comes back with its error.
 */
export function parseBatchLines(text: string): BatchLine[] {
  const out: BatchLine[] = [];
  text.split('\n').forEach((raw, i) => {
    if (!raw.trim()) return;
    const line = i + 1;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      out.push({ line, error: 'not valid JSON' });
      return;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      out.push({ line, error: NOT_AN_OBJECT });
      return;
    }
    const parsed = QuestionRequestSchema.strict().safeParse(value);
    if (parsed.success) out.push({ line, request: parsed.data });
    else
      out.push({
        line,
        error: parsed.error.issues
          .map((x) => (x.path.length ? `${x.path.join('.')}: ${x.message}` : x.message))
          .join('; '),
      });
  });
  return out;
}

/**
 * The lines of a batch input file (see {@link parseBatchLines}), read as UTF-8 or UTF-16 with its
 * byte order mark (`decodeFileText`). A file none of whose lines is a JSON object (a CSV, one
 * question a line as plain text) is refused as a whole, saying what the format is, rather than
 * written to the output as one invalid line per question.
 */
export function readBatchFile(path: string, data: Uint8Array): BatchLine[] {
  let text: string;
  try {
    text = decodeFileText(data);
  } catch (err) {
    throw new ValidationError(`${path}: ${(err as Error).message}`);
  }
  const lines = parseBatchLines(text);
  const notJson = (l: BatchLine) => !isItem(l) && (l.error === 'not valid JSON' || l.error === NOT_AN_OBJECT);
  if (lines.length && lines.every(notJson))
    throw new ValidationError(
      `${path} holds no JSON questions: the batch file is JSONL, one {"question": "…"} object a line`,
    );
  return lines;
}

/** Whether a parsed line is a valid question. */
export function isItem(line: BatchLine): line is BatchItem {
  return 'request' in line;
}

/**
 * The output of an earlier run as a re-run keeps it: whole result lines only (a line cut off by an
 * interruption is dropped) and no `error` results (an answer that could not be waited for, e.g. a
 * time-out), so those questions are waited for again and the output keeps one line per input.
 * With `retryFailed`, no `failed` results either: those questions are asked again.
 */
export function keptResults(outputText: string, { retryFailed = false } = {}): string {
  const kept: string[] = [];
  for (const raw of outputText.split('\n')) {
    if (!raw.trim()) continue;
    try {
      const result = JSON.parse(raw) as { line?: unknown; status?: unknown };
      const dropped = result.status === 'error' || (retryFailed && result.status === 'failed');
      if (typeof result.line === 'number' && !dropped) kept.push(raw);
    } catch {
      // a line cut off mid-write
    }
  }
  return kept.map((line) => `${line}\n`).join('');
}

/** Input line numbers present in kept output text (see {@link keptResults}); a re-run skips them. */
export function doneLines(outputText: string): Set<number> {
  return new Set(keptRecords(outputText).map((r) => r.line));
}

/**
 * Input lines whose kept result has `status`. A re-run counts them as the output records them:
 * `invalid` lines (not JSON, not a question, or refused by the server, e.g. an unknown `chat_id`)
 * as invalid again, not as answers; `failed` answers as failed again.
 */
export function linesWithStatus(outputText: string, status: 'invalid' | 'failed'): Set<number> {
  return new Set(
    keptRecords(outputText)
      .filter((r) => r.status === status)
      .map((r) => r.line),
  );
}

/** The question ids of the kept results whose answers failed, by input line. */
export function failedAnswers(outputText: string): Map<number, string> {
  return new Map(
    keptRecords(outputText)
      .filter((r) => r.status === 'failed' && typeof r.id === 'string')
      .map((r) => [r.line, r.id as string]),
  );
}

/**
 * The chunks that ask `failed` lines again (`--retry-failed`): per chunk, its failed items under a
 * key derived from the chunk's and the failed question ids, so an interrupted retry run that is run
 * again gets the same new questions back rather than asking them a third time.
 */
export function retryChunks(chunks: BatchChunk[], failed: Map<number, string>): BatchChunk[] {
  return chunks.flatMap((chunk) => {
    const items = chunk.items.filter((item) => failed.has(item.line));
    if (!items.length) return [];
    const ids = items.map((item) => failed.get(item.line)!).join(',');
    const digest = createHash('sha256').update(ids).digest('hex').slice(0, 16);
    return [{ key: `${chunk.key}-retry-${digest}`, items, retry: true }];
  });
}

function keptRecords(outputText: string): { line: number; status: unknown; id?: unknown }[] {
  return keptResults(outputText)
    .split('\n')
    .filter(Boolean)
    .map((raw) => JSON.parse(raw) as { line: number; status: unknown; id?: unknown });
}

/**
 * Groups valid questions by fixed line ranges of `size` (lines 1–100, 101–200, …). Each chunk's idempotency
 * key hashes the file's identity, the range and its questions with their line numbers: a re-run
 * sends a partly answered chunk again with the same key and body and gets the same question ids
 * back, so no question is asked twice. Editing a chunk's lines gives it a new key.
 */
export function chunksOf(fileId: string, lines: BatchLine[], size = CHUNK_LINES): BatchChunk[] {
  const groups = new Map<number, BatchItem[]>();
  for (const item of lines.filter(isItem)) {
    const group = Math.floor((item.line - 1) / size);
    groups.set(group, [...(groups.get(group) ?? []), item]);
  }
  return [...groups.entries()].map(([group, items]) => {
    const digest = createHash('sha256')
      .update(`${fileId}\n${group}\n${JSON.stringify(items)}`)
      .digest('hex');
    return { key: `batch-${digest.slice(0, 40)}`, items };
  });
}
