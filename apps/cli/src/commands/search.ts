import type { Command } from 'commander';
import type { SearchMode } from '@docqa/contracts';
import { ValidationError } from '@docqa/errors';
import { withConnectionOptions } from './connection-options';
import { integerOption } from './option-parsers';
import { parseFilter } from './tokens';

/**
 * Most results a search returns: the API's bound (`SearchRequestSchema`, which a test compares this
 * with), here so that `docqa --help` does not load the contracts.
 */
export const SEARCH_LIMIT_MAX = 50;

/** `search "text" [--mode M] [--filter property=value]... [--limit N]`: prints results as JSON lines. */
export function searchCommand(program: Command): void {
  withConnectionOptions(
    program
      .command('search <text>')
      .description('Search the documents (one JSON result per line on stdout)')
      .option('--mode <mode>', 'semantic, keyword or hybrid', 'hybrid')
      .option(
        '--filter <property=value>',
        'metadata filter; property~=value for contains (repeatable)',
        (v: string, p: string[] = []) => [...p, v],
      )
      .option('--version <name>', 'the docs version searched (default: the default version)')
      .option(
        '--limit <n>',
        `results, 1 to ${SEARCH_LIMIT_MAX}`,
        integerOption('--limit', { min: 1, max: SEARCH_LIMIT_MAX }),
        10,
      ),
  ).action(async (text: string, opts) => {
    if (!['semantic', 'keyword', 'hybrid'].includes(opts.mode))
      throw new ValidationError('--mode must be semantic, keyword or hybrid');
    const { clientFor } = await import('./http-client');
    const client = await clientFor(opts, ['search']);
    const res = await client.search({
      query: text,
      search_mode: opts.mode as SearchMode,
      filters: (opts.filter ?? []).map(parseFilter),
      limit: opts.limit as number,
      version: opts.version as string | undefined,
    });
    for (const r of res.results) process.stdout.write(`${JSON.stringify(r)}\n`);
    process.stderr.write(`${res.results.length} results (${res.search_mode}, ${res.took_ms} ms)\n`);
  });
}
