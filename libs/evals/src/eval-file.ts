import { parse } from 'csv-parse/sync';
import { EVAL_SET_MAX_ITEMS, EvalItemInputSchema, type EvalItemInput } from '@docqa/contracts';
import { ValidationError } from '@docqa/errors';

/** The columns a CSV file of items may have; `question` is required, lists are `|`-separated. */
export const EVAL_CSV_COLUMNS = ['question', 'chat', 'key_strings', 'gold_urls', 'not_covered'] as const;

/**
 * The items of a JSONL file (one `{question, chat?, expect?}` per line) or a CSV file (columns
 * {@link EVAL_CSV_COLUMNS}). All or nothing: any bad line refuses the whole file with a
 * ValidationError listing every bad line (`errors[].path` = `line N`) and its reason.
 */
export function parseEvalFile(format: 'jsonl' | 'csv', content: string): EvalItemInput[] {
  const rows = format === 'jsonl' ? jsonlRows(content) : csvRows(content);
  const items: EvalItemInput[] = [];
  const errors: { path: string; message: string }[] = [];
  for (const row of rows) {
    if ('error' in row) {
      errors.push({ path: `line ${row.line}`, message: row.error });
      continue;
    }
    const parsed = EvalItemInputSchema.safeParse(row.value);
    if (parsed.success) items.push(parsed.data);
    else
      errors.push({
        path: `line ${row.line}`,
        message: parsed.error.issues
          .map((x) => (x.path.length ? `${x.path.join('.')}: ${x.message}` : x.message))
          .join('; '),
      });
  }
  if (errors.length)
    throw new ValidationError(
      `${errors.length} line(s) of the file are not valid items; nothing was imported`,
      {
        errors: errors.slice(0, 1000),
      },
    );
  if (!items.length) throw new ValidationError('the file holds no items');
  if (items.length > EVAL_SET_MAX_ITEMS)
    throw new ValidationError(
      `a set holds at most ${EVAL_SET_MAX_ITEMS} items; the file has ${items.length}`,
    );
  return items;
}

type Row = { line: number; value: unknown } | { line: number; error: string };

function jsonlRows(content: string): Row[] {
  return content.split('\n').flatMap((raw, i): Row[] => {
    if (!raw.trim()) return [];
    try {
      return [{ line: i + 1, value: JSON.parse(raw) as unknown }];
    } catch {
      return [{ line: i + 1, error: 'not valid JSON' }];
    }
  });
}

function csvRows(content: string): Row[] {
  let records: { info: { lines: number }; record: Record<string, string> }[];
  try {
    records = parse(content, {
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      skip_empty_lines: true,
      trim: true,
      bom: true,
      info: true,
    });
  } catch (err) {
    const line = (err as { lines?: number }).lines ?? 1;
    return [{ line, error: err instanceof Error ? err.message : String(err) }];
  }
  const header = Object.keys(records[0]?.record ?? {});
  const unknown = header.filter((h) => !(EVAL_CSV_COLUMNS as readonly string[]).includes(h));
  if (records.length && (unknown.length || !header.includes('question')))
    return [
      {
        line: 1,
        error: `the header must name a question column and only ${EVAL_CSV_COLUMNS.join(', ')}${unknown.length ? ` (not ${unknown.join(', ')})` : ''}`,
      },
    ];
  return records.map(({ info, record }) => csvItem(info.lines, record));
}

function csvItem(line: number, cells: Record<string, string>): Row {
  const list = (cell: string | undefined) =>
    cell
      ? cell
          .split('|')
          .map((s) => s.trim())
          .filter(Boolean)
      : undefined;
  const notCovered = (cells.not_covered ?? '').toLowerCase();
  if (notCovered && !['true', 'false', '1', '0', 'yes', 'no'].includes(notCovered))
    return { line, error: `not_covered: must be true or false, not ${JSON.stringify(cells.not_covered)}` };
  const expect = {
    key_strings: list(cells.key_strings),
    gold_urls: list(cells.gold_urls),
    not_covered: ['true', '1', 'yes'].includes(notCovered) ? (true as const) : undefined,
  };
  const hasExpect = Object.values(expect).some((v) => v !== undefined);
  return {
    line,
    value: { question: cells.question ?? '', chat: list(cells.chat), ...(hasExpect ? { expect } : {}) },
  };
}
