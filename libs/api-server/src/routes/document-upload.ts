import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import type { Request } from 'express';
import { UploadAcceptedSchema, UploadFormSchema, z, type UploadAccepted } from '@docqa/contracts';
import { UnsupportedMediaTypeError, ValidationError } from '@docqa/errors';
import type { IncomingUpload, UploadIntake } from '@docqa/ingest';
import { UNSUPPORTED_FILE_REASON, toDocumentId } from '@docqa/sources';
import type { RouteGroup } from '../app';
import { auditTargets } from '../http/audit-trail';
import { principalOf } from '../http/auth';
import { IdempotencyHeaders, idempotencyKey } from '../http/idempotency-key';
import { receiveUpload, type ReceivedFile, type UploadLimits } from '../http/upload-storage';

const MetadataSchema = z.record(z.string(), z.string().max(1000));

/** The files of an upload split into those to ingest and those refused up front. */
interface UploadPlan {
  kept: { name: string; path: string; bytes: number; sha256: string }[];
  documentIds: string[];
  failed: UploadAccepted['failed'];
}

/**
 * `POST /documents/upload` (scope ingest): Markdown, MDX, HTML, text and PDF files as
 * multipart/form-data. The API streams them to the upload folder, checks only what is cheap (count,
 * size, kind, two files of one name) and queues a job holding their paths; the worker parses them
 * with the CLI's loaders. Bytes waiting for ingestion are bounded per tenant and installation (429).
 */
export function documentUploadRoutes(intake: UploadIntake, limits: UploadLimits): RouteGroup {
  return (routes) => {
    routes.add(
      {
        method: 'post',
        path: '/documents/upload',
        summary: 'Upload files; the worker parses them like the CLI and ingests them in the background',
        tag: 'Documents',
        operationId: 'uploadDocuments',
        description:
          'Uploads files as multipart/form-data (field `files`): Markdown, MDX, HTML, text and PDF, parsed in the background by the same loaders as `docqa ingest`. The answer comes once the files are stored and queued; `failed` lists the files refused up front (a kind no loader reads, or a second file of the same name), and when none is left nothing is queued. A file that cannot be parsed is reported by the job: `GET /jobs/{job_id}` counts it in `failed` with the reason in `errors`. Uploads waiting for ingestion are bounded per tenant and installation (429 with `Retry-After` over them). Pass `Idempotency-Key` to make retries safe: a retry with the same key and files gets the first answer, and the files are ingested once.',
        scope: 'ingest',
        form: UploadFormSchema,
        headers: IdempotencyHeaders,
        responses: {
          202: {
            description: 'Stored and queued; follow GET /jobs/{job_id}',
            schema: UploadAcceptedSchema,
            headers: {
              Location: 'URL of the ingest job',
              'Idempotent-Replayed':
                '`true` when the same `Idempotency-Key` and files were sent before: the answer is the earlier request’s, and nothing new was queued',
            },
          },
          409: {
            description: 'Idempotency-Key reused with other files, or its first upload is still being queued',
          },
        },
      },
      async (req, res) => {
        if (!req.is('multipart/form-data'))
          throw new UnsupportedMediaTypeError('send the files as multipart/form-data');
        const key = idempotencyKey(req.get('idempotency-key'));
        const tenant = principalOf(req).tenant;
        const incoming = await intake.store.begin(tenant, expectedBytes(req, limits));
        const upload = await checkedUpload(req, res, incoming, limits).catch(async (err: unknown) => {
          await incoming.discard();
          throw err;
        });
        const { accepted, replayed } = await intake.submit({
          tenant,
          incoming,
          files: upload.plan.kept,
          metadata: upload.metadata,
          answer: { document_ids: upload.plan.documentIds, failed: upload.plan.failed },
          idempotency: key ? { key, requestHash: requestHash(upload.plan, upload.metadata) } : undefined,
        });
        res.setHeader('Location', `${req.baseUrl}/jobs/${accepted.job_id}`);
        if (replayed) res.setHeader('Idempotent-Replayed', 'true');
        auditTargets(res, accepted.job_id, ...accepted.document_ids);
        res.status(202).json(accepted);
      },
    );
  };
}

/** Receives the upload's files and checks what is cheap; throws when nothing is left to ingest. */
async function checkedUpload(
  req: Request,
  res: Parameters<typeof receiveUpload>[1],
  incoming: IncomingUpload,
  limits: UploadLimits,
) {
  const { files, fields } = await receiveUpload(req, res, incoming, limits);
  if (!files.length) throw new ValidationError('send one or more files in the "files" field');
  const metadata = metadataOf(fields.metadata);
  const plan = planOf(files);
  if (!plan.kept.length) throw nothingToIngest(plan.failed);
  return { plan, metadata };
}

/** Bytes to reserve for an upload: its body's length when given, at most the largest upload. */
function expectedBytes(req: Request, limits: UploadLimits): number {
  const most = limits.files * limits.fileBytes;
  const length = Number(req.get('content-length'));
  return Number.isSafeInteger(length) && length >= 0 ? Math.min(length, most) : most;
}

function planOf(files: ReceivedFile[]): UploadPlan {
  const plan: UploadPlan = { kept: [], documentIds: [], failed: [] };
  for (const file of files) {
    const id = toDocumentId(basename(file.name));
    if (file.refused || !file.path || !file.sha256)
      plan.failed.push({ file: file.name, reason: file.refused ?? UNSUPPORTED_FILE_REASON });
    else if (plan.documentIds.includes(id))
      plan.failed.push({ file: file.name, reason: 'another file of this upload has the same name' });
    else {
      plan.kept.push({ name: file.name, path: file.path, bytes: file.bytes, sha256: file.sha256 });
      plan.documentIds.push(id);
    }
  }
  return plan;
}

/** What an `Idempotency-Key` retry must repeat: the files' names and content, and the metadata. */
function requestHash(plan: UploadPlan, metadata: Record<string, string>): string {
  const files = plan.kept.map((f) => [f.name, f.sha256]);
  return createHash('sha256')
    .update(JSON.stringify([files, plan.failed, metadata]))
    .digest('hex');
}

function nothingToIngest(failed: UploadAccepted['failed']): Error {
  const errors = failed.map((f) => ({ path: `files.${f.file}`, message: f.reason }));
  return failed.every((f) => f.reason === UNSUPPORTED_FILE_REASON)
    ? new UnsupportedMediaTypeError(`no file is ${UNSUPPORTED_FILE_REASON.slice(4)}`, { errors })
    : new ValidationError('no file can be ingested', { errors });
}

function metadataOf(raw: unknown): Record<string, string> {
  if (raw === undefined || raw === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(String(raw));
  } catch {
    throw new ValidationError('metadata must be a JSON object', {
      errors: [{ path: 'metadata', message: 'not JSON' }],
    });
  }
  const parsed = MetadataSchema.safeParse(value);
  if (!parsed.success)
    throw new ValidationError('metadata must be a JSON object of strings', {
      errors: parsed.error.issues.map((i) => ({
        path: ['metadata', ...i.path].join('.'),
        message: i.message,
      })),
    });
  return parsed.data;
}
