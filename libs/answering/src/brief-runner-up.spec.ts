import { askExtractive, pageSearcher, passage } from './testing/page-searcher';
import { thirdSection } from './brief-runner-up';
import type { ScoredSection } from './passage-choice';
import type { SectionPassage } from './section-passage';

/** A scored section of document `doc` (its one sentence long enough not to be an overview). */
const scored = (doc: number, score: number): ScoredSection => ({
  passage: {
    doc,
    section: 'Manual › Section',
    units: [{ kind: 'paragraph', text: 'A sentence of the manual that says what this part is about.' }],
  } as unknown as SectionPassage,
  coverage: 1,
  score,
  defines: false,
  fit: 1,
});

describe('a third section quoted briefly after two', () => {
  it('is the best of the other documents when it scores 0.6 of the first', () => {
    const [first, second] = [scored(0, 1), scored(1, 0.8)];
    const sameDoc = scored(1, 0.75);
    const other = scored(2, 0.62);
    expect(thirdSection(first, second, [first, second, sameDoc, other], new Set())).toBe(other);
    expect(thirdSection(first, second, [first, second, sameDoc, scored(2, 0.55)], new Set())).toBeUndefined();
  });

  /** A manual's sections, each a document of its own, that share the question's words. */
  const GRAYSCALE = passage(
    'grayscale',
    'Setting the screen to black and white',
    'You can change the color of the TV screen to black and white to sharpen blurred edges caused by colors.',
  );
  const CONTRAST = passage(
    'contrast',
    'White text on a black screen',
    'You can change the screen to white text on a black background to make text easier to read.',
  );
  const question = 'Why is the screen black and white?';

  /** The second section: a near tie on a page of its own. */
  const TEST = passage(
    'picture-test',
    'Testing a black screen',
    'The screen is black and white: make sure that the external device is connected to the right input.',
  );

  it('cites a third page that answers the question well, after the two quoted', async () => {
    const { text, cited } = await askExtractive(question, pageSearcher([GRAYSCALE, CONTRAST, TEST]));
    expect(cited).toEqual(['grayscale', 'picture-test', 'contrast']);
    expect(text.split('\n\n')).toHaveLength(3);
    expect(text).toContain('white text on a black background');
  });

  it('leaves out a third page whose quote would hold no word of the question', async () => {
    // What it adds to the sentence the first section said is a note about something else.
    const notes = passage(
      'screen-notes',
      'Screen notes',
      'You can change the color of the TV screen to black and white to sharpen blurred edges caused by colors. This function may not be supported depending on the model.',
    );
    const { text, cited } = await askExtractive(question, pageSearcher([GRAYSCALE, TEST, notes]));
    expect(cited).toEqual(['grayscale', 'picture-test']);
    expect(text).not.toContain('may not be supported');
  });
});
