import { MIN_COVERAGE, rankSections } from './passage-choice';
import { rankedChoice } from './ranked-choice';
import { rankedSection as section } from './testing/page-searcher';

/** A search of a converter's docs for a switch the docs word as another verb and a setting. */
const WRAPPING = [
  section(
    'Line wrapping',
    'Prevent line wrapping',
    'To prevent long lines in listing blocks from wrapping in the HTML, set the `nowrap` option on the block:\n\n' +
      '```\n[%nowrap]\n```',
    0,
  ),
  section('Highlighting', 'Attributes', 'The `linenums` option adds line numbers to a source block.', 1),
  section('Stylesheets', 'Link', 'Set `linkcss` to link the stylesheet from the HTML.', 2),
];

describe('the verb of a switch the docs do not write', () => {
  const question = 'Code blocks wrap long lines in the HTML, how do I turn that off?';

  it('does not count against coverage, as setting-up words do not', () => {
    const choice = rankedChoice(question, WRAPPING)!;
    const best = choice.ranked.find((s) => s.passage.section.endsWith('Prevent line wrapping'))!;
    expect(best.coverage).toBeGreaterThanOrEqual(MIN_COVERAGE);
    // The same words, "turn" and "off" counted: the section then holds less than the bar.
    const counted = rankSections(choice.passages, choice.weights, 'how');
    const same = counted.find((s) => s.passage.section.endsWith('Prevent line wrapping'))!;
    expect(same.coverage).toBeLessThan(best.coverage);
  });

  it('counts when a retrieved section writes it', () => {
    const written = [
      ...WRAPPING,
      section('Preview', 'Auto-reload', 'Turn off auto-reload in the preview settings.', 3),
    ];
    const choice = rankedChoice(question, written)!;
    const counted = rankSections(choice.passages, choice.weights, 'how');
    const coverage = (ranked: typeof counted) =>
      ranked.find((s) => s.passage.section.endsWith('Prevent line wrapping'))!.coverage;
    expect(coverage(choice.ranked)).toBeCloseTo(coverage(counted));
  });
});
