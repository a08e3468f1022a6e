import type { Command } from 'commander';
import type { DocqaClient } from '@docqa/client';
import type {
  MarkdownDialect,
  PageUrlStyle,
  SourceRecord,
  SourceRequest,
  SourceUpdate,
  SyncRecord,
} from '@docqa/contracts';
import { ValidationError } from '@docqa/errors';
import { withConnectionOptions, type ConnectionOptions } from './connection-options';
import { parseMetadata } from './ingest';
import { DIALECTS, dialectOption, languageOption, pageUrlsOption } from './option-parsers';
import { syncBar } from './progress-bars';

const TYPES = ['sitemap', 'url', 'github', 'llms_txt'] as const;
const collect = (value: string, previous: string[] = []) => [...previous, value];

async function client(opts: ConnectionOptions): Promise<DocqaClient> {
  const { clientFor } = await import('./http-client');
  return clientFor(opts, ['ingest']);
}

/** A line of `sources list`: id, type, where from, schedule, last sync. */
function describe(s: SourceRecord): string {
  const last = s.syncs?.[0];
  return [
    s.id,
    s.type,
    s.url ?? `${s.repo}${s.branch ? `@${s.branch}` : ''}`,
    s.schedule ?? '-',
    last?.status ?? '-',
  ].join('\t');
}

/** A sync's counts, as one line. */
export function summarise(sync: SyncRecord): string {
  const counts = `${sync.added} added, ${sync.updated} updated, ${sync.unchanged} unchanged, ${sync.deleted} deleted, ${sync.failed} failed`;
  return `sync ${sync.job_id} ${sync.status}: ${counts}${sync.error ? ` (${sync.error})` : ''}`;
}

/** Builds `POST /sources/` from `sources add TYPE TARGET` and its options. */
export function sourceRequest(type: string, target: string, opts: Record<string, unknown>): SourceRequest {
  if (!(TYPES as readonly string[]).includes(type))
    throw new ValidationError(`source type "${type}": use ${TYPES.join(', ')}`);
  const where = type === 'github' ? { repo: target } : { url: target };
  return {
    type: type as SourceRequest['type'],
    ...where,
    ...(opts.branch ? { branch: opts.branch as string } : {}),
    ...(opts.repoToken ? { token: opts.repoToken as string } : {}),
    ...(opts.include ? { include: opts.include as string[] } : {}),
    ...(opts.exclude ? { exclude: opts.exclude as string[] } : {}),
    ...(opts.metadata ? { metadata: parseMetadata(opts.metadata as string[]) } : {}),
    ...(opts.schedule ? { schedule: opts.schedule as string } : {}),
    ...(opts.baseUrl ? { base_url: opts.baseUrl as string } : {}),
    ...(opts.dialect ? { dialect: opts.dialect as MarkdownDialect } : {}),
    ...(opts.pageUrls ? { page_urls: opts.pageUrls as PageUrlStyle } : {}),
    ...(opts.language ? { language: opts.language as string } : {}),
  };
}

/** Builds `PATCH /sources/{id}` from `sources update ID` and its options: only what they name. */
export function sourceUpdate(opts: Record<string, unknown>): SourceUpdate {
  if (opts.repoToken && opts.removeRepoToken)
    throw new ValidationError('give either --repo-token or --remove-repo-token');
  const update: SourceUpdate = {
    ...(opts.branch ? { branch: opts.branch === 'default' ? null : (opts.branch as string) } : {}),
    ...(opts.repoToken ? { token: opts.repoToken as string } : {}),
    ...(opts.removeRepoToken ? { token: null } : {}),
    ...(opts.include ? { include: opts.include as string[] } : {}),
    ...(opts.exclude ? { exclude: opts.exclude as string[] } : {}),
    ...(opts.metadata ? { metadata: parseMetadata(opts.metadata as string[]) } : {}),
    ...(opts.schedule ? { schedule: opts.schedule === 'none' ? null : (opts.schedule as string) } : {}),
    ...(opts.baseUrl ? { base_url: opts.baseUrl as string } : {}),
  };
  if (!Object.keys(update).length) throw new ValidationError('nothing to change: give an option');
  return update;
}

/** Waits for a sync to end and returns it; `onUpdate` sees it as it was read each time. */
async function waitForSync(
  api: DocqaClient,
  id: string,
  jobId: string,
  onUpdate: (sync: SyncRecord) => void,
): Promise<SyncRecord> {
  for (;;) {
    const sync = (await api.sources.get(id)).syncs?.find((s) => s.job_id === jobId);
    if (sync && (sync.status === 'completed' || sync.status === 'failed')) return sync;
    if (sync) onUpdate(sync);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** `sources add|update|list|sync|remove`: sources the server keeps in sync (scope ingest). */
export function sourcesCommand(program: Command): void {
  const sources = program
    .command('sources')
    .description('Sources kept in sync: sitemaps, pages, llms.txt, GitHub');
  withConnectionOptions(
    sources
      .command('add <type> <target>')
      .description(
        `Add a source (type ${TYPES.join('|')}; target a URL, or owner/name for github); prints its id`,
      )
      .option('--schedule <every>', 'sync every 15m..30d (e.g. 6h) or on a cron expression (UTC)')
      .option('--include <glob>', 'only paths matching (repeatable)', collect)
      .option('--exclude <glob>', 'leave out paths matching (repeatable)', collect)
      .option('--metadata <key=value>', 'metadata added to every document (repeatable)', collect)
      .option('--branch <name>', 'github: the branch (default: the repository’s default)')
      .option('--repo-token <token>', 'github: a token for a private repository (stored encrypted)')
      .option('--base-url <url>', 'github: the docs site the files are published at')
      .option(
        '--dialect <name>',
        `github: the docs generator of the Markdown (${DIALECTS.join('|')}); default: detected per file`,
        dialectOption('--dialect'),
      )
      .option(
        '--page-urls <style>',
        'github: the URL style the site publishes pages in: html (page.html), folder (page/) or clean (page); default: the generator’s own, or mkdocs.yml’s or .vitepress/config’s',
        pageUrlsOption('--page-urls'),
      )
      .option(
        '--language <tag>',
        "github: the language a site in several languages is read in, one it is translated into (ja); default: the site's default language",
        languageOption('--language'),
      ),
  ).action(async (type: string, target: string, opts) => {
    const source = await (await client(opts)).sources.create(sourceRequest(type, target, opts));
    process.stdout.write(`${source.id}\n`);
  });

  withConnectionOptions(
    sources
      .command('update <id>')
      .description('Change a source: its token, metadata, globs, schedule, branch or base URL')
      .option('--repo-token <token>', 'github: set or replace the access token (stored encrypted)')
      .option('--remove-repo-token', 'github: remove the access token')
      .option('--metadata <key=value>', 'replace the metadata of its documents (repeatable)', collect)
      .option('--include <glob>', 'replace the include globs (repeatable)', collect)
      .option('--exclude <glob>', 'replace the exclude globs (repeatable)', collect)
      .option('--schedule <every>', '15m..30d or a cron expression; none: on demand only')
      .option('--branch <name>', 'github: the branch; default: the repository’s default')
      .option('--base-url <url>', 'github: the docs site the files are published at'),
  ).action(async (id: string, opts) => {
    const source = await (await client(opts)).sources.update(id, sourceUpdate(opts));
    process.stderr.write(`updated ${source.id}\n`);
  });

  withConnectionOptions(sources.command('list').description('List the sources and their last sync')).action(
    async (opts) => {
      process.stdout.write('ID\tTYPE\tFROM\tSCHEDULE\tLAST SYNC\n');
      const api = await client(opts);
      for (const s of await api.sources.list())
        process.stdout.write(`${describe(await api.sources.get(s.id))}\n`);
    },
  );

  withConnectionOptions(
    sources
      .command('sync <id>')
      .description('Sync a source now; with --wait, wait for the counts (exit 1 when it failed)')
      .option('--wait', 'wait until the sync ends'),
  ).action(async (id: string, opts) => {
    const api = await client(opts);
    const { job_id } = await api.sources.sync(id);
    process.stdout.write(`${job_id}\n`);
    if (!opts.wait) return;
    // Drawn on a terminal only: the pages read grow while the sync runs.
    const bar = syncBar();
    bar.start(0, 0, { added: 0, updated: 0, unchanged: 0, failed: 0 });
    let sync: SyncRecord;
    try {
      sync = await waitForSync(api, id, job_id, (running) => {
        bar.setTotal(running.listed);
        // The record's counts are the bar's payload (added, updated, unchanged, failed).
        bar.update(running.read, running);
      });
    } finally {
      bar.stop();
    }
    for (const f of sync.failures) process.stderr.write(`  failed ${f.url}: ${f.reason}\n`);
    process.stderr.write(`${summarise(sync)}\n`);
    if (sync.status === 'failed' || sync.failed) process.exitCode = 1;
  });

  withConnectionOptions(
    sources.command('remove <id>').description('Remove a source and every document it brought in'),
  ).action(async (id: string, opts) => {
    await (await client(opts)).sources.remove(id);
    process.stderr.write(`removed ${id}\n`);
  });
}
