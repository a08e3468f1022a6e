/**
 * Lints fixture sources as if they were files of the workspace (they are never written), with the
 * workspace's eslint.config.mjs, and prints each one's rule ids as JSON:
 *
 *   node tools/lint/lint-fixtures.mjs '[{"file":"libs/mcp/src/x.ts","code":"..."}]'
 */
import { ESLint } from 'eslint';

const fixtures = JSON.parse(process.argv[2] ?? '[]');
const eslint = new ESLint();
const out = [];
for (const { file, code } of fixtures) {
  const [result] = await eslint.lintText(code, { filePath: file });
  out.push({ file, rules: result.messages.map((m) => m.ruleId ?? m.message) });
}
process.stdout.write(JSON.stringify(out));
