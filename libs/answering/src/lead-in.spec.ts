import type { SearchResult } from '@docqa/contracts';
import { codeTitles, withoutDanglingLeadIn } from './lead-in';
import { chooseWindow } from './passage-window';
import { unsaid } from './quote-once';
import { units, type SectionPassage } from './section-passage';
import { terms } from './text';

const purpose =
  'Register a custom block named collapsible that transforms a listing block into a compound block ' +
  'made of an example block with the collapsible option enabled and the original listing block.';

/** A long Ruby extension: more code than a window's budget holds, even overrun. */
const RUBY = [
  '```ruby',
  'class CollapsibleBlock < Asciidoctor::Extensions::BlockProcessor',
  ...Array.from({ length: 30 }, (_, i) => `  step_${i} parent, reader, attrs`),
  'end',
  '```',
].join('\n');

const PAGE = `${purpose}\n\nExample 2. collapsible-block.rb\n\n${RUBY}`;

function section(markdown: string): SectionPassage {
  return {
    doc: 0,
    section: 'Compound Block Processor Example',
    headingTerms: new Set(terms('Compound Block Processor Example')),
    sectionTerms: new Set(),
    headingPairs: new Set(),
    joinedPairs: new Set(),
    describedTerms: new Set(),
    ownJoinedPairs: new Set(),
    rank: 0,
    chunk: { title: 'Compound Block Processor Example' } as SearchResult,
    units: units(markdown),
  };
}

describe('codeTitles', () => {
  it('takes a short paragraph directly above a code block, not ending as a sentence, for its title', () => {
    const all = units(PAGE);
    expect([...codeTitles(all)].map((u) => u.text)).toEqual(['Example 2. collapsible-block.rb']);
  });

  it('takes no sentence or lead-in above code, nor a paragraph with no code after it', () => {
    const all = units(
      'Run the following command.\n\n```sh\napp run\n```\n\nRun:\n\n```sh\napp run\n```\n\nSee also\n\nThe end.',
    );
    expect(codeTitles(all).size).toBe(0);
  });

  it('ends no window on a title whose code is left out', () => {
    const all = units(PAGE);
    expect(withoutDanglingLeadIn(all.slice(0, 2), codeTitles(all)).map((u) => u.text)).toEqual([purpose]);
  });

  it('leaves nothing of a window that is only a lead-in, which says nothing without what it introduces', () => {
    const all = units("It sets the settings and loads the widget's script:\n\n```js\nload()\n```");
    expect(withoutDanglingLeadIn(all.slice(0, 1))).toEqual([]);
    expect(withoutDanglingLeadIn(all).map((u) => u.kind)).toEqual(['paragraph', 'code']);
  });
});

describe('a window that reaches a code block’s title', () => {
  it('ends before the title when the code does not fit, even overrun', () => {
    const quoted = chooseWindow(
      section(PAGE),
      new Map(terms('turn a listing block into a collapsible example block').map((t) => [t, 1])),
      { maxWords: 40, targetWords: 40, kind: 'how' },
    );
    expect(quoted.map((u) => u.text)).toEqual([purpose]);
  });

  it('takes a titled code block that overruns the budget by up to half of it', () => {
    // 33 words of prose and title, 22 of code: 55 words, past 1.25 times 40, within 1.5 times.
    const code = ['```ruby', ...Array.from({ length: 10 }, (_, i) => `step_${i} reader`), '```'].join('\n');
    const page = `${purpose}\n\nExample 2. collapsible-block.rb\n\n${code}\n\n${purpose}`;
    const quoted = chooseWindow(
      section(page),
      new Map(terms('turn a listing block into a collapsible example block').map((t) => [t, 1])),
      { maxWords: 40, targetWords: 40, kind: 'what' },
    );
    expect(quoted.map((u) => u.text)).toEqual([purpose, 'Example 2. collapsible-block.rb', code]);
  });

  it('leaves a title out with its code when the code was quoted already', () => {
    const seen = units(RUBY);
    expect(unsaid(units(PAGE), seen).map((u) => u.text)).toEqual([purpose]);
  });
});

describe('a procedure whose lead-in names its purpose', () => {
  it('is quoted from that lead-in, the background before it left out', () => {
    const background =
      'The new command is not the only way to create a site with a gem-based theme. You can also find ' +
      'gem-based themes online and add them to your project; not every theme follows the naming convention.';
    const steps = [
      'To install a gem-based theme:',
      '1. Add the theme gem to your `Gemfile`:\n\n   ```ruby\n   gem "jekyll-theme-minimal"\n   ```',
      '2. Install the theme with `bundle install`.',
      '3. Add it to your `_config.yml` to activate it:\n\n   ```yaml\n   theme: jekyll-theme-minimal\n   ```',
    ].join('\n\n');
    const quoted = chooseWindow(
      section(`${background}\n\n${background}\n\n${steps}`),
      new Map(terms('install a gem-based theme').map((t) => [t, 1])),
      { maxWords: 60, targetWords: 50, kind: 'how' },
    );
    expect(quoted[0]!.text).toBe('To install a gem-based theme:');
    expect(quoted.map((u) => u.text).join('\n')).toContain('theme: jekyll-theme-minimal');
  });
});
