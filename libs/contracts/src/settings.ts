import { DEFAULT_LABELS, isLogoUrl, type LabelKey } from './constants';
import { ANSWER_LABELS } from './answer-labels';
import { SEARCH_LABELS } from './search-labels';
import { FilterSchema } from './filter';
import { LocaleSchema } from './locale';
import { unionError, z } from './zod';
import { DocVersionSchema, VersionPatternSchema } from './versions';

/** Every label key: the chat's, the search mode's, then the chat form's and answers' controls'. */
const LABEL_KEYS = [
  ...Object.keys(DEFAULT_LABELS),
  ...Object.keys(SEARCH_LABELS),
  ...Object.keys(ANSWER_LABELS),
] as [LabelKey, ...LabelKey[]];

export const WidgetFilterSchema = z.object({
  property: z.string().min(1).max(200),
  title: z.string().max(200),
  type: z.enum(['eq', 'contains']),
  widget: z.enum(['single', 'multiple']),
  choices: z.array(z.object({ value: z.string(), label: z.string() })).max(200),
});

/** Widget settings stored per tenant: `ASSISTANT_WIDGET` minus `api_url` and `api_token`. */
export const WidgetSettingsSchema = z
  .object({
    el: z.string().max(200),
    mode: z.enum(['chat', 'question', 'search']),
    popup: z.boolean(),
    automount: z.boolean(),
    debug: z.boolean(),
    logo_url: z.string().max(2000).refine(isLogoUrl, {
      message: 'must be an http(s) or data:image URL, or a path relative to the page',
    }),
    examples: z.array(z.string().max(500)).max(20),
    filters: z.array(WidgetFilterSchema).max(20),
    api_filters: z.array(FilterSchema).max(20),
    default_filters: z.record(z.string(), z.union([z.string(), z.array(z.string())], { error: unionError })),
    locale: LocaleSchema.openapi({
      description:
        'Language of the interface (en, de, fr, es, pt, it, ja, zh-CN, ko, ar); without it the page’s `<html lang>`, else the browser’s.',
    }),
    labels: z.partialRecord(z.enum(LABEL_KEYS), z.string().max(1000)),
    version: DocVersionSchema.openapi({
      description:
        'The docs version the widget asks about; without it the page’s `<meta name="docsearch:version">`, else what `version_pattern` finds in its URL, else the tenant’s default.',
    }),
    version_pattern: VersionPatternSchema.openapi({
      description: 'A regular expression with a named capture `version` matched against the page’s URL.',
    }),
  })
  .partial()
  .strict()
  .openapi('WidgetSettings', { example: { mode: 'chat', examples: ['How do I install docqa?'] } });
export type WidgetSettings = z.infer<typeof WidgetSettingsSchema>;

/**
 * What `GET /settings/` serves the widget: the tenant's stored settings, and the longest question
 * the API takes, so the widget refuses a longer one before sending it whatever the API's setting.
 */
export const WidgetSettingsResponseSchema = WidgetSettingsSchema.extend({
  question_max_chars: z
    .number()
    .int()
    .positive()
    .describe('The longest question this API takes, in characters (its setting `QUESTION_MAX_CHARS`).'),
}).openapi('WidgetSettingsResponse', {
  example: { mode: 'chat', examples: ['How do I install docqa?'], question_max_chars: 4000 },
});
export type WidgetSettingsResponse = z.infer<typeof WidgetSettingsResponseSchema>;
