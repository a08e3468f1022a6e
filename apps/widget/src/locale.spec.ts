import { pickLocale } from './locale';

describe('pickLocale', () => {
  it.each([
    [['de'], 'de'],
    [[undefined, 'fr-CA'], 'fr'],
    [['', null, 'pt_BR'], 'pt'],
    [['zh-CN'], 'zh-CN'],
    [['zh'], 'zh-CN'],
    [['zh-Hans-SG'], 'zh-CN'],
    [['zh-TW', 'ko-KR'], 'ko'],
    [['fi', 'sv'], 'en'],
    [['AR'], 'ar'],
    [[], 'en'],
  ] as const)('picks from %j: %s', (wanted, locale) => {
    expect(pickLocale(wanted)).toBe(locale);
  });
});
