import { Command } from 'commander';
import {
  CreateTokenRequestSchema,
  LocaleSchema,
  MarkdownDialectSchema,
  PageUrlStyleSchema,
  SearchRequestSchema,
} from '@docqa/contracts';
import { batchCommand } from './batch';
import { ingestCommand } from './ingest';
import {
  DIALECTS,
  PAGE_URL_STYLES,
  dialectOption,
  integerOption,
  languageOption,
  pageUrlsOption,
  secondsOption,
} from './option-parsers';
import { SEARCH_LIMIT_MAX, searchCommand } from './search';
import { MAX_EXPIRES_DAYS, MAX_RATE_LIMIT, parseDuration, tokensCommand } from './tokens';

describe('option parsers', () => {
  it('takes whole numbers in range and names the option, the range and the value otherwise', () => {
    const limit = integerOption('--limit', { min: 1, max: 50 });
    expect(limit('10')).toBe(10);
    expect(limit(' 50 ')).toBe(50);
    for (const bad of ['abc', '', '0', '51', '2.5', '-1', '1e1'])
      expect(() => limit(bad)).toThrow(`--limit must be an integer from 1 to 50, not "${bad}"`);
    expect(() => integerOption('--concurrency', { min: 1 })('0')).toThrow(
      '--concurrency must be an integer of 1 or more, not "0"',
    );
  });

  it('takes the dialects the contracts name, and names them for any other value', () => {
    expect([...DIALECTS].sort()).toEqual([...MarkdownDialectSchema.options].sort());
    expect(dialectOption('--dialect')('hugo')).toBe('hugo');
    expect(() => dialectOption('--dialect')('eleventy')).toThrow(
      '--dialect must be one of markdown, hugo, docusaurus, mkdocs, vitepress, mdbook, gitbook, mintlify, docsify, jekyll, nuxt, redocly, not "eleventy"',
    );
  });

  it('takes the URL styles the contracts name, and says what each gives for any other value', () => {
    expect([...PAGE_URL_STYLES].sort()).toEqual([...PageUrlStyleSchema.options].sort());
    expect(pageUrlsOption('--page-urls')('html')).toBe('html');
    expect(pageUrlsOption('--page-urls')('folder')).toBe('folder');
    expect(pageUrlsOption('--page-urls')('clean')).toBe('clean');
    expect(() => pageUrlsOption('--page-urls')('indexify')).toThrow(
      '--page-urls must be html (page.html), folder (page/) or clean (page), not "indexify"',
    );
  });

  it('takes the language tags the contracts take, and no other value', () => {
    for (const tag of ['ja', 'zh-CN', 'pt_BR', 'es-419']) {
      expect(languageOption('--language')(tag)).toBe(tag);
      expect(LocaleSchema.safeParse(tag).success).toBe(true);
    }
    for (const bad of ['japanese', 'j', 'zh-', '日本語']) {
      expect(() => languageOption('--language')(bad)).toThrow(
        `--language must be a language tag such as ja or zh-CN, not "${bad}"`,
      );
      expect(LocaleSchema.safeParse(bad).success).toBe(false);
    }
  });

  it('takes seconds above 0, fractions too', () => {
    const timeout = secondsOption('--timeout', 3600);
    expect(timeout('2.5')).toBe(2.5);
    for (const bad of ['abc', '', '0', '-3', '3601', 'Infinity'])
      expect(() => timeout(bad)).toThrow(`--timeout must be a number of seconds above 0 and at most 3600`);
  });

  it('takes lifetimes above 0 and up to the portal’s longest', () => {
    expect(parseDuration('1s')).toBe(1000);
    expect(parseDuration(`${MAX_EXPIRES_DAYS}d`)).toBe(MAX_EXPIRES_DAYS * 86400_000);
    expect(parseDuration('never')).toBeNull();
    for (const bad of ['0d', '0s', `${MAX_EXPIRES_DAYS + 1}d`, '99999999999999999999d', 'soon'])
      expect(() => parseDuration(bad)).toThrow(
        `--expires must be a lifetime above 0 and at most ${MAX_EXPIRES_DAYS}d`,
      );
  });

  it('holds the API’s bounds', () => {
    const search = (limit: number) => SearchRequestSchema.safeParse({ query: 'x', limit }).success;
    expect([search(1), search(SEARCH_LIMIT_MAX), search(SEARCH_LIMIT_MAX + 1)]).toEqual([true, true, false]);
    const token = (body: object) => CreateTokenRequestSchema.safeParse(body).success;
    expect([token({ rate_limit: MAX_RATE_LIMIT }), token({ rate_limit: MAX_RATE_LIMIT + 1 })]).toEqual([
      true,
      false,
    ]);
    expect([
      token({ expires_in_days: MAX_EXPIRES_DAYS }),
      token({ expires_in_days: MAX_EXPIRES_DAYS + 1 }),
    ]).toEqual([true, false]);
  });
});

describe('numeric options of the commands', () => {
  /**
   * Runs a command line through the commands. Nothing listens at the URL or the Redis given, so a
   * value that got past the parsers would fail with "cannot reach" instead.
   */
  async function docqa(...args: string[]): Promise<unknown> {
    const program = new Command('docqa').exitOverride();
    for (const command of [tokensCommand, ingestCommand, searchCommand, batchCommand]) command(program);
    process.env.REDIS_URL = 'redis://127.0.0.1:9';
    const api = ['--url', 'http://127.0.0.1:9/api/v2/', '--token', 'dq_x'];
    return program.parseAsync([...args, ...(args[0] === 'tokens' ? [] : api)], { from: 'user' });
  }
  const redisUrl = process.env.REDIS_URL;
  afterAll(() => {
    if (redisUrl === undefined) delete process.env.REDIS_URL;
    else process.env.REDIS_URL = redisUrl;
  });

  it.each([
    [['search', 'token', '--limit', 'abc'], '--limit must be an integer from 1 to 50, not "abc"'],
    [['search', 'token', '--limit', '0'], '--limit must be an integer from 1 to 50, not "0"'],
    [['search', 'token', '--limit', '51'], '--limit must be an integer from 1 to 50, not "51"'],
    [['ingest', 'docs', '--concurrency', '0.5'], '--concurrency must be an integer of 1 or more, not "0.5"'],
    [['ingest', 'docs', '--timeout', 'soon'], '--timeout must be a number of seconds above 0'],
    [
      ['batch', 'q.jsonl', '--out', 'a.jsonl', '--concurrency', 'x'],
      '--concurrency must be an integer of 1 or more',
    ],
    [
      ['batch', 'q.jsonl', '--out', 'a.jsonl', '--batch-size', '0'],
      '--batch-size must be an integer of 1 or more',
    ],
    [
      ['tokens', 'create', '--tenant', 'acme', '--rate-limit', 'abc'],
      '--rate-limit must be an integer from 1 to',
    ],
    [['tokens', 'create', '--tenant', 'acme', '--expires', '0d'], '--expires must be a lifetime above 0'],
  ])('docqa %j stops before connecting: %s', async (args, message) => {
    await expect(docqa(...args)).rejects.toThrow(message);
  });
});
