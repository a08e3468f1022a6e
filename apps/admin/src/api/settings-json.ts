import type { WidgetSettings } from '@docqa/contracts';

/** The widget settings the Widget page edits as JSON (the others have fields of their own). */
export const JSON_SETTINGS = ['filters', 'api_filters', 'default_filters'] as const;

/** The settings of `settings` edited as JSON. */
export function jsonSettings(settings: WidgetSettings): WidgetSettings {
  return Object.fromEntries(
    JSON_SETTINGS.filter((k) => settings[k] !== undefined).map((k) => [k, settings[k]]),
  );
}

/**
 * Reads the settings written as JSON: an object of {@link JSON_SETTINGS} (an empty text: none).
 * Throws an error saying what is wrong: not JSON, not an object, or the keys it does not take
 * (rather than dropping them unseen). The server checks the values.
 */
export function parseJsonSettings(text: string): WidgetSettings {
  if (!text.trim()) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error('This is not valid JSON.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error(`Write a JSON object with ${keys()}, e.g. {"default_filters": {"product": "cloud"}}.`);
  const unknown = Object.keys(value).filter((k) => !(JSON_SETTINGS as readonly string[]).includes(k));
  if (unknown.length)
    throw new Error(
      `Unknown ${unknown.length > 1 ? 'keys' : 'key'} ${unknown.map((k) => `"${k}"`).join(', ')}: this field takes ${keys()} only.`,
    );
  return value as WidgetSettings;
}

const keys = () => `${JSON_SETTINGS.slice(0, -1).join(', ')} and ${JSON_SETTINGS.at(-1)}`;
