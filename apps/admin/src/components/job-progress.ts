import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { JobRecord } from '@docqa/contracts';
import { api } from '../api/admin-api';
import { errorView } from './error-view';
import { sharedStyles } from '../styles/shared-styles';

/** How often a running job is polled. */
const POLL_MS = 700;

/**
 * Live progress of an ingest job: polls `GET /jobs/{id}` until it completes or fails, with a
 * progress bar and a status line screen readers hear.
 *
 * @fires job-finished - `CustomEvent<JobRecord>` when the job completed or failed
 */
@customElement('job-progress')
export class JobProgress extends LitElement {
  static override styles = [
    sharedStyles,
    css`
      progress {
        width: 100%;
        max-width: 24rem;
      }
      li {
        color: var(--danger);
      }
    `,
  ];

  /** The job to follow. */
  @property() jobId = '';
  /** What was sent, e.g. "2 files". */
  @property() label = '';
  @state() private job?: JobRecord;
  @state() private error?: Error;
  private abort?: AbortController;
  private timer?: ReturnType<typeof setTimeout>;

  override updated(changed: PropertyValues<this>): void {
    if (changed.has('jobId') && this.jobId) this.poll();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // Moved in the page: resume polling where it stopped.
    if (this.hasUpdated && this.jobId && !this.finished) this.poll();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.abort?.abort();
    clearTimeout(this.timer);
  }

  private get finished(): boolean {
    return this.job?.status === 'completed' || this.job?.status === 'failed';
  }

  private poll(): void {
    clearTimeout(this.timer);
    this.abort?.abort();
    const abort = (this.abort = new AbortController());
    api
      .call<JobRecord>(`jobs/${encodeURIComponent(this.jobId)}`, { signal: abort.signal })
      .then((job) => {
        this.job = job;
        this.error = undefined;
        if (this.finished) {
          this.dispatchEvent(new CustomEvent('job-finished', { detail: job, bubbles: true, composed: true }));
        } else this.timer = setTimeout(() => this.poll(), POLL_MS);
      })
      .catch((err: Error) => {
        if (abort.signal.aborted) return;
        this.error = err;
      });
  }

  override render() {
    const job = this.job;
    return html`<div class="job" data-status=${job?.status ?? 'loading'}>
      <strong>${this.label}</strong> <code class="muted">${this.jobId}</code>
      ${
        job
          ? html`<progress
              max=${Math.max(job.total, 1)}
              value=${job.processed + job.skipped + job.failed}
            ></progress>`
          : nothing
      }
      <div role="status" aria-live="polite">${this.summary()}</div>
      ${
        job?.errors.length
          ? html`<ul>
              ${job.errors.map((e) => html`<li>${e.document_id}: ${e.message}</li>`)}
            </ul>`
          : nothing
      }
      ${errorView(this.error)}
    </div>`;
  }

  private summary(): string {
    const job = this.job;
    if (!job) return 'Waiting for the job…';
    const counts = `${job.processed} of ${job.total} indexed, ${job.skipped} unchanged, ${job.failed} failed, ${job.chunks} chunks`;
    if (job.status === 'completed') return `Finished: ${counts}.`;
    if (job.status === 'failed') return `The job failed: ${counts}.`;
    return `${job.status === 'queued' ? 'Queued' : 'Indexing'}: ${counts}.`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'job-progress': JobProgress;
  }
}
