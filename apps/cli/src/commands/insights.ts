import type { Command } from 'commander';
import type { Gaps, Insights } from '@docqa/contracts';
import { InsightsClient } from '@docqa/client';
import { withConnectionOptions } from './connection-options';

/** Options both report commands take. */
function withPeriod(command: Command): Command {
  return withConnectionOptions(
    command
      .option('--from <date>', 'start of the period (date or date-time, UTC; default 30 days ago)')
      .option('--to <date>', 'end of the period, exclusive (default now)')
      .option('--json', 'print the report as JSON instead of tables'),
  );
}

/**
 * `insights [--from D] [--to D] [--interval day|week] [--json]` and `gaps [--from D] [--to D] [--json]`:
 * the tenant's reports over the question log, as tables for people or as the API's JSON.
 */
export function insightsCommands(program: Command): void {
  withPeriod(
    program
      .command('insights')
      .description('Questions, not-covered answers, ratings and top questions of a period (scope admin)')
      .option('--interval <interval>', 'day or week', 'day'),
  ).action(async (opts) => {
    const { connectionFor } = await import('./http-client');
    const client = new InsightsClient(await connectionFor(opts, ['admin']));
    const report = await client.insights({ from: opts.from, to: opts.to, interval: opts.interval });
    process.stdout.write(opts.json ? `${JSON.stringify(report, null, 2)}\n` : insightsTables(report));
  });

  withPeriod(
    program.command('gaps').description('Questions the documents failed, grouped by meaning (scope admin)'),
  ).action(async (opts) => {
    const { connectionFor } = await import('./http-client');
    const client = new InsightsClient(await connectionFor(opts, ['admin']));
    const report = await client.gaps({ from: opts.from, to: opts.to });
    process.stdout.write(opts.json ? `${JSON.stringify(report, null, 2)}\n` : gapsTables(report));
  });
}

/**
 * Text a visitor wrote (or a crawled page's title) as one printable line: line breaks and tabs
 * become spaces, so a question cannot break a table's layout, and control characters are dropped,
 * so escape sequences in it never reach the operator's terminal.
 */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/[\u0000-\u001f\u007f-\u009f]/g, '');
}

/** A plain-text table: columns padded to their widest cell, numbers right-aligned. */
export function table(header: string[], rows: (string | number | null)[][]): string {
  const cells = [header, ...rows.map((r) => r.map((c) => (c === null ? '-' : oneLine(String(c)))))];
  const widths = header.map((_, i) => Math.max(...cells.map((r) => r[i]!.length)));
  const numeric = header.map((_, i) => rows.every((r) => typeof r[i] === 'number' || r[i] === null));
  return (
    cells
      .map((r) => r.map((c, i) => (numeric[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  '))
      .join('\n')
      .replace(/ +$/gm, '') + '\n'
  );
}

export function insightsTables(report: Insights): string {
  const t = report.totals;
  return [
    `${report.from} → ${report.to}`,
    `${t.questions} questions, ${t.not_covered} not covered, ${t.failed} failed, ` +
      `${t.thumbs_up} 👍 ${t.thumbs_down} 👎, median ready ${t.p50_ready_ms ?? '-'} ms, first partial ${t.p50_first_partial_ms ?? '-'} ms`,
    '',
    table(
      [report.interval, 'questions', 'not covered', 'up', 'down', 'p50 ready ms'],
      report.series.map((b) => [
        b.start.slice(0, 10),
        b.questions,
        b.not_covered,
        b.thumbs_up,
        b.thumbs_down,
        b.p50_ready_ms,
      ]),
    ),
    table(
      ['channel', 'questions', 'not covered'],
      report.by_channel.map((c) => [c.channel, c.questions, c.not_covered]),
    ),
    table(
      ['top question', 'count'],
      report.top_questions.map((q) => [q.text, q.count]),
    ),
    table(
      ['top document', 'citations'],
      report.top_documents.map((d) => [d.title, d.citations]),
    ),
  ].join('\n');
}

export function gapsTables(report: Gaps): string {
  if (!report.clusters.length) return 'No failed questions in this period.\n';
  return report.clusters
    .map((c) =>
      [
        `${c.count} × ${oneLine(c.label)}`,
        ...c.questions.map(
          (q) =>
            `    ${q.at.slice(0, 10)}  ${q.reason === 'not_covered' ? 'not covered' : 'thumbs down'}  ${oneLine(q.text)}`,
        ),
        ...c.nearest_documents.map((d) => `    → ${oneLine(d.title)}${d.url ? `  ${oneLine(d.url)}` : ''}`),
      ].join('\n'),
    )
    .join('\n\n')
    .concat('\n');
}
