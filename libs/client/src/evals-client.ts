import type { EvalRun, EvalRunList, EvalRunSummary, EvalSet, EvalSetList } from '@docqa/contracts';
import { HttpTransport, type HttpTransportOptions } from './http-transport';

/**
 * Typed client of the evaluations API (`/evals/`, DESIGN §16): sets, imports and runs; the token
 * needs the `admin` scope.
 */
export class EvalsClient {
  private readonly http: HttpTransport;

  constructor(options: HttpTransportOptions) {
    this.http = new HttpTransport(options);
  }

  /** `GET /evals/`: the sets with their item counts and latest runs. */
  list(): Promise<EvalSetList> {
    return this.http.json('evals/');
  }

  /** `GET /evals/{set}`: a set with its items. */
  get(set: string): Promise<EvalSet> {
    return this.http.json(`evals/${encodeURIComponent(set)}`);
  }

  /** `POST /evals/{set}/import`: adds a JSONL or CSV file's items (the set is created if need be). */
  import(
    set: string,
    file: { format: 'jsonl' | 'csv'; content: string; replace?: boolean },
  ): Promise<EvalSet> {
    return this.http.json(`evals/${encodeURIComponent(set)}/import`, { method: 'POST', body: file });
  }

  /** `POST /evals/{set}/runs`: starts a run. */
  startRun(set: string): Promise<EvalRunSummary> {
    return this.http.json(`evals/${encodeURIComponent(set)}/runs`, { method: 'POST' });
  }

  /** `GET /evals/{set}/runs`: the set's runs, newest first. */
  runs(set: string): Promise<EvalRunList> {
    return this.http.json(`evals/${encodeURIComponent(set)}/runs`);
  }

  /** `GET /evals/{set}/runs/{run}`: a run with its results, compared with `baseline` (default the previous run). */
  run(set: string, runId: string, baseline?: string): Promise<EvalRun> {
    const query = baseline ? `?baseline=${encodeURIComponent(baseline)}` : '';
    return this.http.json(`evals/${encodeURIComponent(set)}/runs/${encodeURIComponent(runId)}${query}`);
  }

  /** `POST /evals/{set}/runs/{run}/cancel`: asks a running run to stop. */
  cancel(set: string, runId: string): Promise<EvalRunSummary> {
    return this.http.json(`evals/${encodeURIComponent(set)}/runs/${encodeURIComponent(runId)}/cancel`, {
      method: 'POST',
    });
  }
}
