import { sentences, units } from './section-passage';

describe('units of a section', () => {
  it('cuts prose into sentences and keeps code blocks and list items whole, each once', () => {
    const md = 'Run it. Then stop it!\n\n- First item\n  continued\n\n```\ncode [1]\n```\n\nRun it.';
    expect(units(md).map((u) => [u.kind, u.text])).toEqual([
      ['paragraph', 'Run it.'],
      ['paragraph', 'Then stop it!'],
      ['item', '- First item\n  continued'],
      ['code', '```\ncode [1]\n```'],
    ]);
  });

  it('leaves out what shows only images (screenshots, a table row of them)', () => {
    const md =
      '![Portal](shots/a.png)\n\n| Desktop | Phone |\n|---|---|\n| ![D](d.png) | <img alt="P" src="p.png" width="200"> |\n\nSee ![icon](i.png) to save.';
    expect(units(md).map((u) => u.text)).toEqual(['See ![icon](i.png) to save.']);
  });

  it('ends no sentence at an abbreviation of dotted single letters, which leads into the rest', () => {
    const text =
      'Run it with the `--beta` flag, i.e. `tool update --beta`. E.g. `tool x` works. See version 3.3. Then stop.';
    expect(sentences(text)).toEqual([
      'Run it with the `--beta` flag, i.e. `tool update --beta`.',
      'E.g. `tool x` works.',
      'See version 3.3.',
      'Then stop.',
    ]);
  });
});
