/** Writes `.br` and `.gz` beside every compressible file under `dir` (skipping fresh ones). */
export function precompressDir(dir: string): void;
/** Copies the Swagger UI files swagger-ui-express serves into `outDir` and pre-compresses them. */
export function prepareSwaggerUi(outDir: string): void;
