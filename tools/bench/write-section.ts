import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const FILE = 'docs/benchmarks.md';
const HEADER =
  '# Benchmarks\n\nLatest figures of the benchmarks under `tools/bench/`, each with the command that produced it.\nThese machines are shared and noisy (2 cores): compare the ratios measured side by side in one run.\n';

/** The `### ` subsections of a section's text, each from its heading line to the next. */
function subsections(text: string): { heading: string; text: string }[] {
  return text
    .split(/\n(?=### )/)
    .slice(1)
    .map((part) => ({ heading: part.split('\n', 1)[0]!, text: part.trimEnd() }));
}

/**
 * `current` with its `## title` section's figures replaced by `section` (or `section` appended).
 * The old section's `### ` subsections whose headings `section` does not write itself (the record
 * of earlier runs and passes, written by hand under the bench's figures) are kept after it.
 */
export function withBenchSection(current: string, title: string, section: string): string {
  const pattern = new RegExp(`## ${title}\\n[\\s\\S]*?(?=\\n## |$)`);
  const old = pattern.exec(current)?.[0];
  if (old === undefined) return `${current.trimEnd()}\n\n${section}`;
  const written = new Set(subsections(section).map((s) => s.heading));
  const kept = subsections(old).filter((s) => !written.has(s.heading));
  const next = [section.trimEnd(), ...kept.map((s) => s.text)].join('\n\n') + '\n';
  return current.replace(pattern, () => next);
}

/** Replaces (or appends) the `## title` section of docs/benchmarks.md with fresh figures. */
export function writeBenchSection(title: string, command: string, body: string): void {
  const current = existsSync(FILE) ? readFileSync(FILE, 'utf8') : HEADER;
  const section = `## ${title}\n\nCommand: \`${command}\`\n\n${body.trim()}\n`;
  writeFileSync(FILE, withBenchSection(current, title, section));
}

/** Prints fresh figures and writes them as the `## title` section of docs/benchmarks.md. */
export function reportBenchSection(title: string, command: string, body: string): void {
  console.log(body);
  writeBenchSection(title, command, body);
}
