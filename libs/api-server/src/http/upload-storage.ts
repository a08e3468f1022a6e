import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { extname } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import multer, { MulterError, type StorageEngine } from 'multer';
import { PayloadTooLargeError, ValidationError } from '@docqa/errors';
import type { IncomingUpload } from '@docqa/ingest';
import { KIND_BY_EXTENSION, UNSUPPORTED_FILE_REASON } from '@docqa/sources';

/** Sizes of one upload. */
export interface UploadLimits {
  /** Largest file, in bytes. */
  fileBytes: number;
  /** Most files per request. */
  files: number;
}

/** A file part of an upload: stored (`path`, `sha256`), or refused up front (`refused`, nothing stored). */
export interface ReceivedFile {
  name: string;
  bytes: number;
  path?: string;
  sha256?: string;
  refused?: string;
}

/**
 * Reads the multipart body of an upload: each file of a kind the loaders read is streamed to
 * the upload's folder (its SHA-256 taken on the way), another is drained unstored; a file over
 * `fileBytes` or more than `files` files refuse the request. Nothing is parsed here.
 */
export async function receiveUpload(
  req: Request,
  res: Response,
  incoming: IncomingUpload,
  limits: UploadLimits,
): Promise<{ files: ReceivedFile[]; fields: Record<string, unknown> }> {
  const parts = multer({
    storage: diskStorage(incoming, limits.fileBytes),
    limits: { files: limits.files, fields: 10, fieldSize: 64 * 1024 },
    defParamCharset: 'utf8',
  }).any();
  await new Promise<void>((resolve, reject) =>
    parts(req, res, (err?: unknown) => (err ? reject(uploadError(err, limits)) : resolve())),
  );
  const files = ((req.files as (Express.Multer.File & Omit<ReceivedFile, 'name'>)[] | undefined) ?? []).map(
    (f) => ({ name: f.originalname, bytes: f.size, path: f.path, sha256: f.sha256, refused: f.refused }),
  );
  return { files, fields: (req.body as Record<string, unknown> | undefined) ?? {} };
}

/** What the storage engine adds to multer's file: the SHA-256 of a stored file, or why it was refused. */
type StoredPart = Partial<Express.Multer.File> & Pick<ReceivedFile, 'sha256' | 'refused'>;

/** Stores each file part under `incoming`, refusing, by name, one larger than `maxBytes`. */
function diskStorage(incoming: IncomingUpload, maxBytes: number): StorageEngine {
  return {
    _handleFile(_req, file, callback) {
      if (!KIND_BY_EXTENSION[extname(file.originalname).toLowerCase()]) {
        file.stream.resume();
        const info: StoredPart = { size: 0, refused: UNSUPPORTED_FILE_REASON };
        file.stream.on('end', () => callback(null, info));
        return;
      }
      const path = incoming.nextPath();
      const hash = createHash('sha256');
      let size = 0;
      // Past the limit the rest of the part is drained, not stored: destroying busboy's stream
      // would end the request with a parse error instead of the 413 naming the file.
      const meter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          if (size > maxBytes) return done();
          hash.update(chunk);
          done(null, chunk);
        },
      });
      pipeline(file.stream, meter, createWriteStream(path)).then(
        () => {
          if (size > maxBytes) return callback(tooLarge(file.originalname, maxBytes));
          const info: StoredPart = { path, size, sha256: hash.digest('hex') };
          callback(null, info);
        },
        (err: unknown) => callback(err as Error),
      );
    },
    _removeFile(_req, file, callback) {
      if (!file.path) return callback(null);
      rm(file.path, { force: true }).then(() => callback(null), callback);
    },
  };
}

function tooLarge(name: string, maxBytes: number): PayloadTooLargeError {
  const mb = Math.round((maxBytes / 1024 / 1024) * 10) / 10;
  return new PayloadTooLargeError(`${name} is larger than ${mb} MB`, {
    errors: [{ path: `files.${name}`, message: `larger than ${mb} MB` }],
  });
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
