import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Filter } from '@docqa/contracts';
import { DEFAULT_QUESTION_LIMITS } from '@docqa/contracts/constants';
import { WidgetApi } from './api-client';
import { errorText } from './error-text';
import { labelPack, pickLocale } from './locale';
import {
  initialSelection,
  pageVersion,
  requestFilters,
  resolveSettings,
  type ResolvedSettings,
  type WidgetConfig,
} from './settings';

const NOT_CONFIGURED = 'The assistant needs api_url and api_token in window.ASSISTANT_WIDGET.';

/**
 * The widget's settings and its API client. On connect it applies the page's settings at once,
 * then fetches the tenant's stored settings (GET /settings/) and merges them under the page's;
 * the request is cancelled when the host disconnects. It also holds the filter dropdowns'
 * selections, which `default_filters` preselect.
 */
export class SettingsController implements ReactiveController {
  /** The settings in effect, every default applied. */
  value: ResolvedSettings = resolveSettings({});
  /** The API client; undefined when the page gave no `api_url` or `api_token`. */
  api?: WidgetApi;
  /** A message for the visitor when the widget cannot start. */
  error?: string;
  /** The dropdowns' selected values, by metadata property. */
  selected: Record<string, string[]> = {};
  /** The knowledge base's docs versions, newest first, when it has several (the version picker's). */
  versions: string[] = [];
  /** The version the visitor picked, or the page's (see {@link version}). */
  private picked?: string;
  /**
   * The longest question the API takes, in characters: its `question_max_chars`, or its default
   * until the settings are loaded (or when an older API does not say).
   */
  questionMaxChars = DEFAULT_QUESTION_LIMITS.questionChars;
  /** Settles once the stored settings are applied, or could not be loaded (`error` then says why). */
  ready: Promise<void> = Promise.resolve();
  private abort?: AbortController;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly page: () => Partial<WidgetConfig>,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.abort = new AbortController();
    const page = this.page();
    this.apply(resolveSettings(page));
    this.error = undefined;
    this.api = undefined;
    this.questionMaxChars = DEFAULT_QUESTION_LIMITS.questionChars;
    this.ready = Promise.resolve();
    if (!page.api_url || !page.api_token) {
      this.error = NOT_CONFIGURED;
      return;
    }
    this.api = new WidgetApi(this.value.api_url, page.api_token, this.log);
    this.ready = this.load(page, this.api, this.abort.signal);
  }

  hostDisconnected(): void {
    this.abort?.abort();
  }

  /** Sets a dropdown's selection. */
  select(property: string, values: string[]): void {
    this.selected = { ...this.selected, [property]: values };
    this.host.requestUpdate();
  }

  /** Picks a docs version in the version picker. */
  pickVersion(version: string): void {
    this.picked = version;
    this.host.requestUpdate();
  }

  /**
   * The docs version questions and searches ask about: the one picked, else the page's (see
   * `pageVersion`); none leaves the API to the tenant's default.
   */
  version(): string | undefined {
    return this.picked ?? pageVersion(this.value);
  }

  /** The filters to send with a question now (see {@link requestFilters}). */
  filters(): Filter[] {
    return requestFilters(this.value, this.selected);
  }

  /** Logs to the console when `debug` is set. */
  readonly log = (...args: unknown[]): void => {
    if (this.value.debug) console.debug('[assistant-widget]', ...args);
  };

  private async load(page: Partial<WidgetConfig>, api: WidgetApi, signal: AbortSignal): Promise<void> {
    try {
      const { question_max_chars, ...stored } = await api.settings(signal);
      this.questionMaxChars = question_max_chars ?? DEFAULT_QUESTION_LIMITS.questionChars;
      const locale = pickLocale([
        page.locale ?? stored.locale,
        document.documentElement.lang,
        ...navigator.languages,
      ]);
      this.apply(resolveSettings(page, stored, { locale, pack: await labelPack(locale) }));
      this.log('settings', this.value);
      await this.loadVersions(api, signal);
    } catch (err) {
      if (signal.aborted) return;
      // Told in the page's language (the stored settings, and their locale, did not come).
      const locale = pickLocale([page.locale, document.documentElement.lang, ...navigator.languages]);
      const pack = await labelPack(locale).catch(() => undefined);
      this.error = await errorText(err, { ...pack, ...page.labels }, 'ERROR_START');
    }
    this.host.requestUpdate();
  }

  /**
   * The tenant's docs versions (`GET /versions/`), for the picker when there are several: it starts
   * on the page's version when the tenant has it, else on the default. An API without versions
   * leaves the picker out.
   */
  private async loadVersions(api: WidgetApi, signal: AbortSignal): Promise<void> {
    try {
      const list = (await (await api.call('versions/', {}, signal)).json()) as {
        versions: { version: string }[];
        default: string | null;
      };
      this.versions = list.versions.length > 1 ? list.versions.map((v) => v.version) : [];
      const own = pageVersion(this.value);
      this.picked = this.versions.length
        ? own && this.versions.includes(own)
          ? own
          : (list.default ?? undefined)
        : undefined;
    } catch (err) {
      if (!signal.aborted) this.log('versions not loaded', err);
    }
  }

  private apply(settings: ResolvedSettings): void {
    this.value = settings;
    this.selected = initialSelection(settings);
  }
}
