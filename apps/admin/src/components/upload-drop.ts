import { LitElement, css, html, nothing } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import type { UploadAccepted as UploadAnswer } from '@docqa/contracts';
import { api } from '../api/admin-api';
import { ApiError } from '../api/api-error';
import { FormErrors } from '../api/form-errors';
import { formErrorsView } from './error-view';
import { sharedStyles } from '../styles/shared-styles';

/** File types the loaders read (the CLI's table of formats). */
const ACCEPT = '.md,.markdown,.mdx,.adoc,.asciidoc,.rst,.html,.htm,.txt,.text,.pdf';

/** An upload the server accepted: its ingest job, the documents it makes, the files it refused. */
export interface UploadAccepted extends UploadAnswer {
  /** The files being ingested, e.g. "guide.md, faq.pdf". */
  label: string;
}

const fileOf = (path: string) => path.replace(/^files\./, '');

/**
 * Drag-and-drop (or pick) files and upload them to `POST /documents/upload` as multipart. A
 * refusal names each file that was wrong (too big, unknown type); nothing of a refused upload is
 * ingested.
 *
 * @fires upload-accepted - `CustomEvent<UploadAccepted>` when the server queued the ingest job
 */
@customElement('upload-drop')
export class UploadDrop extends LitElement {
  static override styles = [
    sharedStyles,
    css`
      .zone {
        border: 2px dashed var(--border);
        border-radius: 8px;
        padding: 1.5rem 1rem;
        text-align: center;
        background: var(--surface);
      }
      .zone.over {
        border-color: var(--accent);
        background: var(--surface-2);
      }
      input[type='file'] {
        max-width: 100%;
        border: 0;
      }
    `,
  ];

  @state() private over = false;
  @state() private busy = false;
  @state() private error?: Error;
  /** Files of the last upload the server could not read while it took the others. */
  @state() private failed: UploadAnswer['failed'] = [];

  override render() {
    return html`<div
        class="zone ${this.over ? 'over' : ''}"
        @dragover=${this.dragOver}
        @dragleave=${() => (this.over = false)}
        @drop=${this.drop}
      >
        <p>Drop Markdown, MDX, AsciiDoc, reStructuredText, HTML, text or PDF files here, or</p>
        <label for="files">Choose files</label>
        <input
          id="files"
          type="file"
          multiple
          accept=${ACCEPT}
          @change=${this.picked}
          ?disabled=${this.busy}
        />
      </div>
      <div role="status" class="muted">${this.busy ? 'Uploading…' : nothing}</div>
      ${
        this.failed.length
          ? html`<div class="alert" role="alert">
              Some files were not uploaded:
              <ul>
                ${this.failed.map((f) => html`<li>${f.file}: ${f.reason}</li>`)}
              </ul>
            </div>`
          : nothing
      }
      ${this.error ? formErrorsView(FormErrors.fromError(this.error, [], 'No file was uploaded.', fileOf), []) : nothing}`;
  }

  private dragOver(e: DragEvent): void {
    e.preventDefault();
    if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
    this.over = true;
  }

  private drop(e: DragEvent): void {
    e.preventDefault();
    this.over = false;
    const files = [...(e.dataTransfer?.files ?? [])];
    if (files.length) void this.upload(files);
  }

  private picked(e: Event): void {
    const input = e.target as HTMLInputElement;
    const files = [...(input.files ?? [])];
    input.value = '';
    if (files.length) void this.upload(files);
  }

  /** Sends the files in one request; the server answers with one ingest job for those it read. */
  async upload(files: File[]): Promise<void> {
    const form = new FormData();
    for (const file of files) form.append('files', file, file.name);
    this.busy = true;
    this.error = undefined;
    this.failed = [];
    try {
      const accepted = await api.call<UploadAnswer>('documents/upload', { method: 'POST', body: form });
      this.failed = accepted.failed;
      const refused = new Set(accepted.failed.map((f) => f.file));
      const label = files
        .map((f) => f.name)
        .filter((name) => !refused.has(name))
        .join(', ');
      this.dispatchEvent(
        new CustomEvent('upload-accepted', { detail: { ...accepted, label }, bubbles: true, composed: true }),
      );
    } catch (err) {
      this.error = err instanceof ApiError ? err : new Error(`The upload failed: ${(err as Error).message}`);
    } finally {
      this.busy = false;
    }
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'upload-drop': UploadDrop;
  }
}
