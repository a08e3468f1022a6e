/**
 * Pre-compresses the static files the API serves (the widget, its chunks, Swagger UI) with brotli
 * and gzip at their highest levels, writing `file.br` and `file.gz` beside each file, so the
 * server sends them as they are and never compresses per request. A file whose compressed copies
 * are newer than it is left alone, so rebuilds cost nothing.
 */
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|css|html|svg|json|map|txt)$/;
/** Smaller files gain nothing worth a second request path. */
const MIN_BYTES = 1024;

/** Writes `.br` and `.gz` beside every compressible file under `dir`. */
export function precompressDir(dir) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = join(dir, entry.name);
    if (entry.isDirectory()) precompressDir(file);
    else if (COMPRESSIBLE.test(entry.name)) precompressFile(file);
  }
}

function precompressFile(file) {
  const { size, mtimeMs } = statSync(file);
  if (size < MIN_BYTES) return;
  const fresh = (f) => existsSync(f) && statSync(f).mtimeMs >= mtimeMs;
  if (fresh(`${file}.br`) && fresh(`${file}.gz`)) return;
  const body = readFileSync(file);
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: size,
      },
    }),
  );
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
}

/** The Swagger UI files swagger-ui-express serves, copied into `outDir` and pre-compressed. */
export function prepareSwaggerUi(outDir) {
  const require = createRequire(import.meta.url);
  const dist = dirname(require.resolve('swagger-ui-dist/package.json'));
  mkdirSync(outDir, { recursive: true });
  for (const name of ['swagger-ui-bundle.js', 'swagger-ui-standalone-preset.js', 'swagger-ui.css']) {
    const target = join(outDir, name);
    if (!existsSync(target) || statSync(target).mtimeMs < statSync(join(dist, name)).mtimeMs)
      copyFileSync(join(dist, name), target);
  }
  precompressDir(outDir);
}
