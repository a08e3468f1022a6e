/**
 * Parsers of option values (commander's `argParser`), so that a bad value stops the command before
 * it connects anywhere, with a message naming the option and what it takes. Defaults are given as
 * parsed values: commander does not pass them through the parser.
 */
import type { MarkdownDialect, PageUrlStyle } from '@docqa/contracts';
import { ValidationError } from '@docqa/errors';

/** A whole number from `min` to `max`: `--limit must be an integer from 1 to 50, not "abc"`. */
export function integerOption(name: string, { min, max }: { min: number; max?: number }) {
  const range = max === undefined ? `of ${min} or more` : `from ${min} to ${max}`;
  return (value: string): number => {
    const n = Number(value.trim());
    if (!/^\d+$/.test(value.trim()) || n < min || (max !== undefined && n > max))
      throw new ValidationError(`${name} must be an integer ${range}, not "${value}"`);
    return n;
  };
}

/** A number of seconds above 0 and at most `max` (fractions allowed): `--timeout 2.5`. */
export function secondsOption(name: string, max: number) {
  return (value: string): number => {
    const n = Number(value.trim());
    if (!value.trim() || !Number.isFinite(n) || n <= 0 || n > max)
      throw new ValidationError(
        `${name} must be a number of seconds above 0 and at most ${max}, not "${value}"`,
      );
    return n;
  };
}

/** An http(s) URL. */
export function httpUrlOption(name: string) {
  return (value: string): string => {
    if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol))
      throw new ValidationError(`${name} must be an http(s) URL, not "${value}"`);
    return value;
  };
}

/** The docs generators `--dialect` names (the contracts' MarkdownDialect, without loading zod for `--help`). */
export const DIALECTS = [
  'markdown',
  'hugo',
  'docusaurus',
  'mkdocs',
  'vitepress',
  'mdbook',
  'gitbook',
  'mintlify',
  'docsify',
  'jekyll',
  'nuxt',
  'redocly',
] as const satisfies readonly MarkdownDialect[];

/** A docs generator's dialect: `--dialect must be one of markdown, hugo, docusaurus, mkdocs, vitepress, mdbook, gitbook, mintlify, docsify, jekyll, nuxt, redocly, not "eleventy"`. */
export function dialectOption(name: string) {
  return (value: string): MarkdownDialect => {
    if (!(DIALECTS as readonly string[]).includes(value))
      throw new ValidationError(`${name} must be one of ${DIALECTS.join(', ')}, not "${value}"`);
    return value as MarkdownDialect;
  };
}

/** The URL styles `--page-urls` names (the contracts' PageUrlStyle, without loading zod for `--help`). */
export const PAGE_URL_STYLES = ['html', 'folder', 'clean'] as const satisfies readonly PageUrlStyle[];

/** A site's URL style: `--page-urls must be html (page.html), folder (page/) or clean (page), not "ugly"`. */
export function pageUrlsOption(name: string) {
  return (value: string): PageUrlStyle => {
    if (!(PAGE_URL_STYLES as readonly string[]).includes(value))
      throw new ValidationError(
        `${name} must be html (page.html), folder (page/) or clean (page), not "${value}"`,
      );
    return value as PageUrlStyle;
  };
}

/** A language tag as the contracts' LocaleSchema reads it (`ja`, `zh-CN`, `pt_BR`), without loading zod for `--help`. */
const LANGUAGE_TAG = /^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$/;

/** A site's language: `--language must be a language tag such as ja or zh-CN, not "japanese"`. */
export function languageOption(name: string) {
  return (value: string): string => {
    if (!LANGUAGE_TAG.test(value))
      throw new ValidationError(`${name} must be a language tag such as ja or zh-CN, not "${value}"`);
    return value;
  };
}
