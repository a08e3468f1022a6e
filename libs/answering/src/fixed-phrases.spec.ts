import { NOT_FOUND_ANSWER } from './answer-types';
import { inAskersLanguage, notFoundAnswer } from './fixed-phrases';

describe('notFoundAnswer', () => {
  it.each([
    [undefined, NOT_FOUND_ANSWER],
    ['en-GB', NOT_FOUND_ANSWER],
    ['fi', NOT_FOUND_ANSWER],
    ['zh-TW', NOT_FOUND_ANSWER],
    ['de', 'Dazu habe ich'],
    ['pt_BR', 'Não encontrei'],
    ['zh', '我在文档中'],
    ['zh-Hans-CN', '我在文档中'],
    ['ko-KR', '문서에서'],
  ])('for %s starts with %s', (locale, start) => {
    expect(notFoundAnswer(locale).startsWith(start)).toBe(true);
  });

  it('translates only the not-found answer', () => {
    expect(inAskersLanguage('Run it [1].', 'de')).toBe('Run it [1].');
    expect(inAskersLanguage(NOT_FOUND_ANSWER, 'fr')).toMatch(/^Je n’ai pas trouvé/);
  });
});
