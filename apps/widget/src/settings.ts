import type { Filter, WidgetSettings } from '@docqa/contracts';
import { DEFAULT_LABELS } from '@docqa/contracts/constants';
import type { ANSWER_LABELS } from '@docqa/contracts/answer-labels';
import type { SEARCH_LABELS } from '@docqa/contracts/search-labels';
import type { Locale } from './locale';
import type { LabelPack } from './locales/label-pack';

/**
 * Every label's text: the defaults (spec §2.7) under the server's and the page's own. The search
 * modal's and the answers' controls' texts are there only when overridden (or given by the
 * language's pack): their defaults load with the modal and with the Markdown renderer.
 */
export type Labels = Record<keyof typeof DEFAULT_LABELS, string> &
  Partial<Record<keyof typeof SEARCH_LABELS | keyof typeof ANSWER_LABELS, string>>;

/** The page's `window.ASSISTANT_WIDGET`: API address and token plus widget settings. */
export interface WidgetConfig extends WidgetSettings {
  api_url: string;
  api_token: string;
}

/** Settings with every default applied. */
export interface ResolvedSettings {
  api_url: string;
  api_token: string;
  el: string;
  mode: 'chat' | 'question' | 'search';
  popup: boolean;
  automount: boolean;
  debug: boolean;
  logo_url?: string;
  examples: string[];
  filters: NonNullable<WidgetSettings['filters']>;
  api_filters: Filter[];
  default_filters: Record<string, string | string[]>;
  labels: Labels;
  /** The interface's language (see `pickLocale`). */
  locale: Locale;
  /** The docs version asked about, when the page or the settings say (see {@link pageVersion}). */
  version?: string;
  version_pattern?: string;
}

/**
 * Applies defaults; `server` settings (GET /settings/) sit under the page's own, with `labels` and
 * `default_filters` merged key by key, and the texts of the `language` under both.
 */
export function resolveSettings(
  page: Partial<WidgetConfig>,
  server: WidgetSettings = {},
  language: { locale: Locale; pack?: LabelPack } = { locale: 'en' },
): ResolvedSettings {
  const merged = { ...server, ...page };
  return {
    api_url: withSlash(page.api_url ?? ''),
    api_token: page.api_token ?? '',
    el: merged.el ?? 'assistant',
    mode: merged.mode ?? 'chat',
    popup: merged.popup ?? true,
    automount: merged.automount ?? true,
    debug: merged.debug ?? false,
    logo_url: merged.logo_url,
    examples: merged.examples ?? [],
    filters: merged.filters ?? [],
    api_filters: merged.api_filters ?? [],
    default_filters: { ...server.default_filters, ...page.default_filters },
    labels: { ...DEFAULT_LABELS, ...language.pack, ...server.labels, ...page.labels } as Labels,
    locale: language.locale,
    version: merged.version,
    version_pattern: merged.version_pattern,
  };
}

/**
 * The docs version of the page (DESIGN §17): the `version` option, else the page's
 * `<meta name="docsearch:version">`, else what `version_pattern` captures as `version` in its URL;
 * none leaves the API to its default version.
 */
export function pageVersion(
  settings: Pick<ResolvedSettings, 'version' | 'version_pattern'>,
): string | undefined {
  if (settings.version) return settings.version;
  const meta = document.querySelector<HTMLMetaElement>('meta[name="docsearch:version"]')?.content.trim();
  if (meta) return meta;
  if (!settings.version_pattern) return undefined;
  try {
    return new RegExp(settings.version_pattern).exec(location.href)?.groups?.['version'] || undefined;
  } catch {
    return undefined;
  }
}

const withSlash = (url: string) => (url && !url.endsWith('/') ? `${url}/` : url);

/**
 * The filters of a request, ANDed by the server: the dropdown selections, then the
 * `default_filters` of properties that have no dropdown (sent as fixed `eq` filters: with nothing
 * to change them in the UI they are "applied on load" and stay applied), then the hidden
 * `api_filters`. `default_filters` of a property with a dropdown only preselect it.
 */
export function requestFilters(settings: ResolvedSettings, selected: Record<string, string[]>): Filter[] {
  const fromDropdowns: Filter[] = settings.filters.flatMap((f) => {
    const values = selected[f.property] ?? [];
    if (!values.length) return [];
    return [{ type: f.type, property: f.property, value: oneOrMany(values) }];
  });
  const withDropdown = new Set(settings.filters.map((f) => f.property));
  const fixedDefaults: Filter[] = Object.entries(settings.default_filters).flatMap(([property, value]) => {
    const values = (Array.isArray(value) ? value : [value]).filter(Boolean);
    if (withDropdown.has(property) || !values.length) return [];
    return [{ type: 'eq' as const, property, value: oneOrMany(values) }];
  });
  return [...fromDropdowns, ...fixedDefaults, ...settings.api_filters];
}

const oneOrMany = (values: string[]): string | string[] => (values.length === 1 ? values[0]! : values);

/** Initial dropdown selections from `default_filters` (properties that have a dropdown). */
export function initialSelection(settings: ResolvedSettings): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const f of settings.filters) {
    const value = settings.default_filters[f.property];
    if (value !== undefined) out[f.property] = Array.isArray(value) ? value : [value];
  }
  return out;
}

/**
 * Applies a partial settings object over the current one (`updateAssistantWidgetSettings`):
 * top-level fields are replaced, `labels` and `default_filters` are merged key by key.
 */
export function mergeConfig(
  current: Partial<WidgetConfig>,
  patch: Partial<WidgetConfig>,
): Partial<WidgetConfig> {
  const merged = { ...current, ...patch };
  if (patch.labels) merged.labels = { ...current.labels, ...patch.labels };
  if (patch.default_filters)
    merged.default_filters = { ...current.default_filters, ...patch.default_filters };
  return merged;
}
