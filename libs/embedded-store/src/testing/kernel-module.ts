import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import createWabt from 'wabt';

/**
 * Checks that a kernel's generated module (`NAME.ts`, its WebAssembly as base64 in `constant`) is
 * `NAME.wat` compiled; with `env` set to 1 it writes it first.
 */
export async function expectCompiledKernel(
  name: string,
  constant: string,
  what: string,
  env: string,
  spec: string,
) {
  const dir = join(__dirname, '..');
  const wabt = await createWabt();
  const module = wabt.parseWat(`${name}.wat`, readFileSync(join(dir, `${name}.wat`), 'utf8'), { simd: true });
  module.validate();
  const bytes = Buffer.from(module.toBinary({}).buffer).toString('base64');
  module.destroy();
  const file = join(dir, `${name}.ts`);
  const generated =
    `// Generated from ${name}.wat by \`${env}=1 npx jest ${spec}\`: do not edit.\n\n` +
    `/** ${what} WebAssembly module (see ${name}.wat), base64. */\n` +
    `export const ${constant} = '${bytes}';\n`;
  if (process.env[env] === '1') writeFileSync(file, generated);
  expect(readFileSync(file, 'utf8')).toBe(generated);
}
