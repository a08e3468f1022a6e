import type { Command } from 'commander';
import type { EvalRun, EvalSetList, Problem } from '@docqa/contracts';
import { withConnectionOptions, type ConnectionOptions } from './connection-options';
import { oneLine, table } from './insights';

/**
 * `docqa eval run|import|list` (DESIGN §16): run an evaluation set and gate CI on regressions,
 * import a JSONL or CSV file into a set, list the sets. Scope `admin`.
 */
export function evalCommands(program: Command): void {
  const evalCommand = program
    .command('eval')
    .description('Evaluation sets: run them, import items, list them (scope admin)');

  withConnectionOptions(
    evalCommand
      .command('run')
      .description('Run a set through the answering pipeline; exits 1 on a regression')
      .requiredOption('--set <name>', 'the evaluation set')
      .option('--baseline <run>', 'run to compare with (default: the previous completed run)')
      .option('--junit <file>', 'write JUnit XML there, one test case per item')
      .option('--json', 'print the run as JSON instead of a table'),
  ).action(async (opts) => {
    const client = await evalsClient(opts);
    const started = await client.startRun(opts.set);
    process.stderr.write(`run ${started.id} of ${opts.set}: ${started.items} items\n`);
    let run = await client.run(opts.set, started.id, opts.baseline);
    let shown = -1;
    while (run.status === 'running') {
      if (run.done !== shown && process.stderr.isTTY)
        process.stderr.write(`\r${run.done}/${run.items} answered`);
      shown = run.done;
      await new Promise((r) => setTimeout(r, 500));
      run = await client.run(opts.set, started.id, opts.baseline);
    }
    if (process.stderr.isTTY) process.stderr.write('\n');
    if (opts.junit) {
      const [{ writeFile }, { junitXml }] = await Promise.all([
        import('node:fs/promises'),
        import('./eval-junit'),
      ]);
      await writeFile(opts.junit, junitXml(run));
    }
    process.stdout.write(opts.json ? `${JSON.stringify(run, null, 2)}\n` : runReport(run));
    if (run.status !== 'completed')
      throw new Error(`the run ended ${run.status}${run.error ? `: ${run.error}` : ''}`);
    if (run.comparison?.regressions.length) process.exitCode = 1;
  });

  withConnectionOptions(
    evalCommand
      .command('import <file>')
      .description('Add the items of a JSONL or CSV file (.csv) to a set, creating it if need be')
      .requiredOption('--set <name>', 'the evaluation set')
      .option('--replace', 'replace the set’s items instead of adding to them'),
  ).action(async (file: string, opts) => {
    const { readFile } = await import('node:fs/promises');
    const content = await readFile(file, 'utf8');
    const client = await evalsClient(opts);
    const format = file.toLowerCase().endsWith('.csv') ? 'csv' : 'jsonl';
    try {
      const set = await client.import(opts.set, { format, content, replace: Boolean(opts.replace) });
      process.stdout.write(`${set.name}: ${set.items.length} items\n`);
    } catch (err) {
      const lines = (err as { problem?: Problem }).problem?.errors;
      if (!lines?.length) throw err;
      // One line per bad line of the file, as an editor's problem list reads.
      process.stderr.write(
        `docqa: ${file} was not imported (${(err as { problem: Problem }).problem.detail})\n` +
          lines.map((e) => `${file}: ${e.path}: ${e.message}\n`).join(''),
      );
      process.exitCode = 1;
    }
  });

  withConnectionOptions(
    evalCommand
      .command('list')
      .description('The evaluation sets with their latest runs')
      .option('--json', 'print JSON'),
  ).action(async (opts) => {
    const list = await (await evalsClient(opts)).list();
    process.stdout.write(opts.json ? `${JSON.stringify(list, null, 2)}\n` : setsTable(list));
  });
}

async function evalsClient(opts: ConnectionOptions) {
  const { evalsClientFor } = await import('./http-client');
  return evalsClientFor(opts);
}

const percent = (share: number | null) => (share === null ? null : `${Math.round(share * 100)} %`);

/** A run for people: one row per item, the tally, and the regressions with both answers. */
export function runReport(run: EvalRun): string {
  const t = run.tally;
  const lines = [
    table(
      ['verdict', 'ms', 'question', 'why'],
      run.results.map((r) => [r.verdict, r.latency_ms, r.item.question, r.reason]),
    ),
    `${run.set} ${run.id}: ${run.done}/${run.items} items, ${t.correct} correct, ${t.missing} missing, ` +
      `${t.incorrect} incorrect, ${t.unscored} unscored; hit@1 ${percent(run.hit_at_1) ?? '-'}, ` +
      `hit@5 ${percent(run.hit_at_5) ?? '-'}, p50 ${run.p50_latency_ms ?? '-'} ms`,
    `ran with ${run.ran_with.answerer}${run.ran_with.model ? ` (${run.ran_with.model})` : ''}, ` +
      `embedder ${run.ran_with.embedder}, ${run.ran_with.documents} documents, settings ${run.ran_with.settings_digest}`,
  ];
  const c = run.comparison;
  if (!c) lines.push('no baseline to compare with');
  else {
    lines.push(
      `against ${c.baseline_run_id}: ${c.regressions.length} regression(s), ${c.fixed.length} fixed`,
    );
    for (const r of c.regressions)
      lines.push(
        `  ✗ ${oneLine(r.question)}`,
        `      before (${r.before.verdict}): ${oneLine(r.before.answer).slice(0, 200)}`,
        `      after  (${r.after.verdict}): ${oneLine(r.after.answer).slice(0, 200)}`,
      );
  }
  return `${lines.join('\n')}\n`;
}

function setsTable(list: EvalSetList): string {
  if (!list.sets.length) return 'No evaluation sets.\n';
  return table(
    ['set', 'items', 'last run', 'status', 'correct', 'missing', 'incorrect', 'unscored'],
    list.sets.map((s) => [
      s.name,
      s.items,
      s.last_run?.started_at.slice(0, 16) ?? null,
      s.last_run?.status ?? null,
      s.last_run?.tally.correct ?? null,
      s.last_run?.tally.missing ?? null,
      s.last_run?.tally.incorrect ?? null,
      s.last_run?.tally.unscored ?? null,
    ]),
  );
}
