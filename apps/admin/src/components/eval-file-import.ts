import type { EvalSet } from '@docqa/contracts';
import { api } from '../api/admin-api';

/**
 * Sends a JSONL or CSV file (`.csv`: CSV) to `POST /evals/{set}/import`, which adds its items to
 * the set (created if need be) or refuses the whole file, naming each bad line.
 */
export function importEvalFile(set: string, file: File, replace = false): Promise<EvalSet> {
  return file.text().then((content) =>
    api.call<EvalSet>(`evals/${encodeURIComponent(set)}/import`, {
      method: 'POST',
      body: { format: file.name.toLowerCase().endsWith('.csv') ? 'csv' : 'jsonl', content, replace },
    }),
  );
}
