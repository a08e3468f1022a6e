import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';

// Adds `.openapi()` to zod schemas so one schema gives the type, the validator and the doc entry.
extendZodWithOpenApi(z);

export { z };
