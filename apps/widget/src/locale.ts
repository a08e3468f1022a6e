import type { LabelPack } from './locales/label-pack';

/** The languages the widget speaks: English built in, each other one's texts a chunk of its own. */
export const LOCALES = ['en', 'de', 'fr', 'es', 'pt', 'it', 'ja', 'zh-CN', 'ko', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];

/**
 * The first of `wanted` (language tags, best first: the `locale` option, the page's
 * `<html lang>`, the browser's languages) that the widget speaks: the tag itself, else its
 * language (`de-AT` → `de`; `zh`, `zh-Hans` and `zh-SG` → `zh-CN`, but not Traditional Chinese);
 * English when none is.
 */
export function pickLocale(wanted: readonly (string | null | undefined)[]): Locale {
  for (const tag of wanted) {
    const lower = tag?.trim().toLowerCase().replace(/_/g, '-');
    if (!lower) continue;
    const exact = LOCALES.find((l) => l.toLowerCase() === lower);
    if (exact) return exact;
    const [language, script] = lower.split('-');
    if (language === 'zh') {
      if (!/^(hant|tw|hk|mo)$/.test(script ?? '')) return 'zh-CN';
      continue;
    }
    const base = LOCALES.find((l) => l === language);
    if (base) return base;
  }
  return 'en';
}

/** The texts of `locale` (none for English, the defaults), fetched when first needed. */
export async function labelPack(locale: Locale): Promise<LabelPack | undefined> {
  if (locale === 'en') return undefined;
  return ((await import(`./locales/${locale}.ts`)) as { default: LabelPack }).default;
}

/** Whether `locale` is written right to left. */
export const isRtl = (locale: Locale): boolean => locale === 'ar';
