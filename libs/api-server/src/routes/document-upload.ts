import type { Request, Response } from 'express';
import multer, { MulterError, type StorageEngine } from 'multer';
import { DocumentInputSchema, UploadAcceptedSchema, UploadFormSchema, z } from '@docqa/contracts';
import { PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '@docqa/errors';
import { UNSUPPORTED_FILE_REASON, loadFileData, reasonOf, type LoadedDocument } from '@docqa/sources';
import type { RouteGroup } from '../app';
import { principalOf } from '../http/auth';
import type { DocumentsBackend } from './documents';

/** Sizes of one upload. */
export interface UploadLimits {
  /** Largest file, in bytes. */
  fileBytes: number;
  /** Most files per request. */
  files: number;
}

const MetadataSchema = z.record(z.string(), z.string().max(1000));

/**
 * `POST /documents/upload` (scope ingest): Markdown, MDX, HTML, text and PDF files as
 * multipart/form-data, parsed by the CLI's loaders and queued like `POST /documents/`. Files that
 * do not parse are listed in `failed`; when none parses, nothing is queued and the answer is a
 * problem with a reason per file.
 */
export function documentUploadRoutes(backend: DocumentsBackend, limits: UploadLimits): RouteGroup {
  const parts = multer({
    storage: cappedMemoryStorage(limits.fileBytes),
    limits: { files: limits.files, fields: 10, fieldSize: 64 * 1024 },
    defParamCharset: 'utf8',
  }).any();
  return (routes) => {
    routes.add(
      {
        method: 'post',
        path: '/documents/upload',
        summary: 'Upload files; they are parsed like the CLI’s and ingested in the background',
        tag: 'Documents',
        operationId: 'uploadDocuments',
        description:
          'Uploads files as multipart/form-data (field `files`): Markdown, MDX, HTML, text and PDF, parsed by the same loaders as `docqa ingest` and ingested in the background. Files that cannot be read are listed in `failed` with the reason; when none can, nothing is queued.',
        scope: 'ingest',
        form: UploadFormSchema,
        responses: {
          202: { description: 'Accepted; follow GET /jobs/{job_id}', schema: UploadAcceptedSchema },
        },
      },
      async (req, res) => {
        if (!req.is('multipart/form-data'))
          throw new UnsupportedMediaTypeError('send the files as multipart/form-data');
        await readParts(parts, req, res, limits);
        const files = (req.files as Express.Multer.File[] | undefined) ?? [];
        if (!files.length) throw new ValidationError('send one or more files in the "files" field');
        const { documents, failed } = await loadFiles(files, metadataOf(req));
        if (!documents.length) throw nothingLoaded(failed);
        const accepted = await backend.submit(principalOf(req).tenant, documents);
        res.setHeader('Location', `${req.baseUrl}/jobs/${accepted.job_id}`);
        res.status(202).json({ ...accepted, failed });
      },
    );
  };
}

async function loadFiles(files: Express.Multer.File[], metadata: Record<string, string>) {
  const documents: LoadedDocument[] = [];
  const failed: { file: string; reason: string }[] = [];
  for (const file of files) {
    const name = file.originalname;
    try {
      const doc = await loadFileData(name, file.buffer, metadata);
      const checked = doc && DocumentInputSchema.safeParse(doc);
      if (!doc) failed.push({ file: name, reason: UNSUPPORTED_FILE_REASON });
      else if (!checked?.success) failed.push({ file: name, reason: checked!.error.issues[0]!.message });
      else if (documents.some((d) => d.id === doc.id))
        failed.push({ file: name, reason: 'another file of this upload has the same name' });
      else documents.push(doc);
    } catch (err) {
      failed.push({ file: name, reason: reasonOf(err) });
    }
  }
  return { documents, failed };
}

function nothingLoaded(failed: { file: string; reason: string }[]): Error {
  const errors = failed.map((f) => ({ path: `files.${f.file}`, message: f.reason }));
  return failed.every((f) => f.reason === UNSUPPORTED_FILE_REASON)
    ? new UnsupportedMediaTypeError(`no file is ${UNSUPPORTED_FILE_REASON.slice(4)}`, { errors })
    : new ValidationError('no file could be read', { errors });
}

function metadataOf(req: Request): Record<string, string> {
  const raw = (req.body as Record<string, unknown> | undefined)?.metadata;
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

/** Runs multer, turning its errors into problems. */
function readParts(
  parts: ReturnType<ReturnType<typeof multer>['any']>,
  req: Request,
  res: Response,
  limits: UploadLimits,
) {
  return new Promise<void>((resolve, reject) =>
    parts(req, res, (err?: unknown) => (err ? reject(uploadError(err, limits)) : resolve())),
  );
}

function uploadError(err: unknown, limits: UploadLimits): unknown {
  if (!(err instanceof MulterError)) {
    const message = err instanceof Error ? err.message : '';
    return /multipart|boundary|unexpected end/i.test(message)
      ? new ValidationError(`the multipart body is malformed: ${message}`)
      : err;
  }
  if (err.code === 'LIMIT_FILE_COUNT')
    return new PayloadTooLargeError(`send at most ${limits.files} files per upload`);
  return new ValidationError(`the multipart body is not accepted: ${err.message}`);
}

/** Keeps files in memory and refuses, by name, one larger than `maxBytes`. */
function cappedMemoryStorage(maxBytes: number): StorageEngine {
  return {
    _handleFile(_req, file, callback) {
      const chunks: Buffer[] = [];
      let size = 0;
      let over = false;
      file.stream.on('data', (chunk: Buffer) => {
        if (over) return;
        size += chunk.length;
        if (size <= maxBytes) return void chunks.push(chunk);
        over = true;
        file.stream.resume();
        const mb = Math.round((maxBytes / 1024 / 1024) * 10) / 10;
        callback(
          new PayloadTooLargeError(`${file.originalname} is larger than ${mb} MB`, {
            errors: [{ path: `files.${file.originalname}`, message: `larger than ${mb} MB` }],
          }),
        );
      });
      file.stream.on('error', (err) => !over && callback(err));
      file.stream.on('end', () => !over && callback(null, { buffer: Buffer.concat(chunks), size }));
    },
    _removeFile(_req, _file, callback) {
      callback(null);
    },
  };
}
