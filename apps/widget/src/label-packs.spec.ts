import { ANSWER_LABELS } from '@docqa/contracts/answer-labels';
import { DEFAULT_LABELS } from '@docqa/contracts/constants';
import { SEARCH_LABELS } from '@docqa/contracts/search-labels';
import { LOCALES } from './locale';
import ar from './locales/ar';
import de from './locales/de';
import es from './locales/es';
import fr from './locales/fr';
import italian from './locales/it';
import ja from './locales/ja';
import ko from './locales/ko';
import type { LabelPack } from './locales/label-pack';
import pt from './locales/pt';
import zhCN from './locales/zh-CN';

/** English: every interface text of the widget, the feedback form's sample URL aside (kept as it is). */
const { DOWN_RATE_URL_PLACEHOLDER: _sample, ...en } = {
  ...DEFAULT_LABELS,
  ...SEARCH_LABELS,
  ...ANSWER_LABELS,
};
const packs: Record<Exclude<(typeof LOCALES)[number], 'en'>, LabelPack> = {
  de,
  fr,
  es,
  pt,
  it: italian,
  ja,
  'zh-CN': zhCN,
  ko,
  ar,
};
/** Texts that read the same in English and in some language (a product name, a shared word: 'Version' in German and French). */
const SAME_AS_ENGLISH = new Set(['POPUP_TITLE', 'VERSION_LABEL']);
const placeholders = (text: string) => [...text.matchAll(/\{\w+\}/g)].map((m) => m[0]).sort();

describe('the widget’s language packs', () => {
  it('cover every language the widget speaks but English', () => {
    expect(Object.keys(packs).sort()).toEqual(LOCALES.filter((l) => l !== 'en').sort());
  });

  it.each(Object.entries(packs))('%s has every text of English, and no other', (_locale, pack) => {
    expect(Object.keys(pack).sort()).toEqual(Object.keys(en).sort());
  });

  it.each(Object.entries(packs))('%s translates every text, keeping its placeholders', (_locale, pack) => {
    for (const [key, english] of Object.entries(en)) {
      const text = pack[key as keyof LabelPack];
      expect({ key, empty: !text.trim() }).toEqual({ key, empty: false });
      if (!SAME_AS_ENGLISH.has(key)) expect({ key, text }).not.toEqual({ key, text: english });
      expect({ key, placeholders: placeholders(text) }).toEqual({ key, placeholders: placeholders(english) });
    }
  });
});
