import type { Command } from 'commander';
import type { MarkdownDialect, PageUrlStyle } from '@docqa/contracts';
import type { DocqaClient } from '@docqa/client';
import type { LoadIssue, LoadResult, LoadedDocument } from '@docqa/sources';
import { ValidationError } from '@docqa/errors';
import { withConnectionOptions } from './connection-options';
import {
  DIALECTS,
  dialectOption,
  httpUrlOption,
  integerOption,
  pageUrlsOption,
  languageOption,
  secondsOption,
} from './option-parsers';

/** Skipped and failed sources listed in the summary; the rest are counted. */
const LISTED = 20;

/** Longest `--timeout` of a page fetch, in seconds. */
const MAX_TIMEOUT_S = 3600;

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** Parses `--metadata key=value`. */
export function parseMetadata(values: string[] = []): Record<string, string> {
  const out: Record<string, string> = {};
  for (const value of values) {
    const match = /^([^=]+)=(.*)$/.exec(value);
    if (!match) throw new ValidationError(`--metadata "${value}": use key=value`);
    out[match[1]!.trim()] = match[2]!;
  }
  return out;
}

/** Loads the sources with a progress bar of the pages fetched (shown only when there are pages). */
async function load(sources: string[], opts: Record<string, unknown>): Promise<LoadResult> {
  const [{ fetchBar }, { loadSources }] = await Promise.all([
    import('./progress-bars'),
    import('./source-loading'),
  ]);
  const bar = fetchBar();
  let started = false;
  let failed = 0;
  const result = await loadSources(sources, {
    metadata: parseMetadata(opts.metadata as string[] | undefined),
    include: opts.include as string[] | undefined,
    exclude: opts.exclude as string[] | undefined,
    baseUrl: opts.baseUrl as string | undefined,
    dialect: opts.dialect as MarkdownDialect | undefined,
    pageUrls: opts.pageUrls as PageUrlStyle | undefined,
    language: opts.language as string | undefined,
    sitemaps: opts.sitemap as string[] | undefined,
    concurrency: opts.concurrency as number,
    timeoutMs: (opts.timeout as number) * 1000,
    onPages: (urls) => {
      if (!started) bar.start(urls.length, 0, { failed });
      else bar.setTotal(bar.getTotal() + urls.length);
      started = true;
    },
    onPage: (outcome) => bar.increment(1, { failed: (failed += outcome.ok ? 0 : 1) }),
  });
  if (started) bar.stop();
  return result;
}

function list(verb: string, issues: LoadIssue[]): void {
  for (const issue of issues.slice(0, LISTED))
    process.stderr.write(`  ${verb} ${issue.source}: ${issue.reason}\n`);
  if (issues.length > LISTED) process.stderr.write(`  … and ${issues.length - LISTED} more ${verb}\n`);
}

/** Sends the documents (see `sendDocuments`) with a progress bar of the documents processed. */
async function send(client: DocqaClient, documents: LoadedDocument[]) {
  const [{ ingestBar }, { sendDocuments }] = await Promise.all([
    import('./progress-bars'),
    import('./send-documents'),
  ]);
  const bar = ingestBar();
  bar.start(documents.length, 0);
  try {
    return await sendDocuments(client, documents, { onProgress: (processed) => bar.update(processed) });
  } finally {
    bar.stop();
  }
}

/**
 * `ingest PATH|URL... --tenant T [--metadata k=v]... [--version V]`: loads files, folders, pages and sitemaps
 * and sends them to the API, with progress bars and a summary. Exits with 1 when a page, file or
 * document failed; the others are ingested all the same.
 */
export function ingestCommand(program: Command): void {
  withConnectionOptions(
    program
      .command('ingest [sources...]')
      .description(
        'Ingest files, folders, web pages and sitemaps (Markdown, MDX, HTML, text, PDF) into a tenant',
      )
      .option('--metadata <key=value>', 'metadata added to every document (repeatable)', collect)
      .option(
        '--version <name>',
        'the docs version every document describes (e.g. 2.x); without it a front-matter version, else none',
      )
      .option(
        '--include <glob>',
        'in folders, load only files whose relative path matches (repeatable)',
        collect,
      )
      .option(
        '--exclude <glob>',
        'in folders, leave out files whose relative path matches (repeatable)',
        collect,
      )
      .option(
        '--base-url <url>',
        'where the files and folders are published: sources link to each page as its generator publishes it (index.md, _index.md, README.md → folder; .md, .adoc dropped; .rst, VitePress and mdBook pages → .html; slug front matter)',
        httpUrlOption('--base-url'),
      )
      .option(
        '--dialect <name>',
        `the docs generator the Markdown is written for (${DIALECTS.join('|')}); default: detected from the files`,
        dialectOption('--dialect'),
      )
      .option(
        '--page-urls <style>',
        `the URL style the site publishes pages in, where its generator's setting is not in the folder: html (page.html; Antora's default, Sphinx's html builder, MkDocs' use_directory_urls: false, Hugo's uglyURLs, VitePress's and mdBook's default), folder (page/; Antora's indexify, Sphinx's dirhtml) or clean (page; VitePress's cleanUrls); default: the generator's own, or mkdocs.yml's or .vitepress/config's`,
        pageUrlsOption('--page-urls'),
      )
      .option(
        '--language <tag>',
        "the language a folder of a site in several languages is read in, one it is translated into (ja): its pages in that language, published under /ja/, and the default language's where it has none; default: the site's default language (translations are skipped)",
        languageOption('--language'),
      )
      .option('--sitemap <url>', 'ingest every page of this sitemap (repeatable)', collect)
      .option('--concurrency <n>', 'pages fetched at once', integerOption('--concurrency', { min: 1 }), 4)
      .option(
        '--timeout <seconds>',
        `time allowed to fetch one page (at most ${MAX_TIMEOUT_S})`,
        secondsOption('--timeout', MAX_TIMEOUT_S),
        15,
      ),
  ).action(async (sources: string[], opts) => {
    if (!sources.length && !opts.sitemap?.length)
      throw new ValidationError('name at least one file, folder, URL or --sitemap');
    const { documents, skipped, failed } = await load(sources, opts);
    list('skipped', skipped);
    list('failed', failed);
    if (skipped.length || failed.length)
      process.stderr.write(
        `Loaded ${documents.length} documents (${skipped.length} skipped, ${failed.length} failed)\n`,
      );
    if (!documents.length) {
      if (failed.length) process.exitCode = 1;
      else
        throw new ValidationError(
          'no Markdown, MDX, AsciiDoc, reStructuredText, HTML, text or PDF documents found',
        );
      return;
    }
    const { clientFor } = await import('./http-client');
    const client = await clientFor(opts, ['ingest']);
    const version = opts.version as string | undefined;
    const totals = await send(client, version ? documents.map((d) => ({ ...d, version })) : documents);
    for (const e of totals.errors) process.stderr.write(`  failed ${e}\n`);
    process.stderr.write(
      `Ingested ${documents.length - totals.failed} of ${documents.length} documents (${totals.chunks} new chunks, ${totals.skipped} unchanged, ${totals.failed} failed)\n`,
    );
    if (totals.failed || failed.length) process.exitCode = 1;
  });
}
