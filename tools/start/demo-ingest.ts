import { join } from 'node:path';
import { DEMO_DOCS_EXCLUDE, DEMO_DOCS_PATH } from '@docqa/api-server';
import { loadPaths } from '@docqa/sources';

/**
 * Ingests the project's own docs/ into the demo tenant through the documents API and waits for
 * the job; unchanged documents are skipped by hash, so later starts cost next to nothing. The
 * documents link to the pages the API serves under `/demo/docs/` (`--base-url` of the CLI), so
 * the demo's sources open the right section.
 */
export async function ingestDocs(
  apiUrl: string,
  token: string,
  publicUrl: string,
): Promise<{ documents: number; chunks: number; skipped: number }> {
  const { documents, failed } = await loadPaths([join(__dirname, '../../../docs')], {
    exclude: DEMO_DOCS_EXCLUDE,
    metadata: { source: 'docqa-docs' },
    baseUrl: `${publicUrl}${DEMO_DOCS_PATH}`,
  });
  for (const f of failed) console.error(`  could not load ${f.source}: ${f.reason}`);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const res = await fetch(`${apiUrl}documents/`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ documents }),
  });
  if (res.status !== 202) throw new Error(`demo ingestion was refused: ${res.status} ${await res.text()}`);
  const { job_id } = (await res.json()) as { job_id: string };
  for (let i = 0; i < 600; i++) {
    const job = (await (await fetch(`${apiUrl}jobs/${job_id}`, { headers })).json()) as {
      status: string;
      chunks: number;
      skipped: number;
      errors: { document_id: string; message: string }[];
    };
    if (job.status === 'completed' || job.status === 'failed') {
      for (const e of job.errors) console.error(`  could not ingest ${e.document_id}: ${e.message}`);
      return { documents: documents.length, chunks: job.chunks, skipped: job.skipped };
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('demo ingestion did not finish in 2 minutes');
}
