import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const FILE = 'docs/benchmarks.md';
const HEADER =
  '# Benchmarks\n\nLatest figures of the benchmarks under `tools/bench/`, each with the command that produced it.\nThese machines are shared and noisy (2 cores): compare the ratios measured side by side in one run.\n';

/** Replaces (or appends) the `## title` section of docs/benchmarks.md with fresh figures. */
export function writeBenchSection(title: string, command: string, body: string): void {
  const current = existsSync(FILE) ? readFileSync(FILE, 'utf8') : HEADER;
  const section = `## ${title}\n\nCommand: \`${command}\`\n\n${body.trim()}\n`;
  const pattern = new RegExp(`## ${title}\\n[\\s\\S]*?(?=\\n## |$)`);
  const next = pattern.test(current)
    ? current.replace(pattern, section)
    : `${current.trimEnd()}\n\n${section}`;
  writeFileSync(FILE, next);
}

/** Prints fresh figures and writes them as the `## title` section of docs/benchmarks.md. */
export function reportBenchSection(title: string, command: string, body: string): void {
  console.log(body);
  writeBenchSection(title, command, body);
}
