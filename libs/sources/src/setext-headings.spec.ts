import { atxHeadings } from './setext-headings';

describe('atxHeadings', () => {
  it('writes underlined headings as # and ## ones', () => {
    expect(atxHeadings('Persistence\n===========\n\nText.\n\nOk, so what should I use?\n---\n\nBoth.')).toBe(
      '# Persistence\n\nText.\n\n## Ok, so what should I use?\n\nBoth.',
    );
  });

  it('leaves rules under paragraphs, list items, tables and code alone', () => {
    const text = 'A paragraph\nof two lines\n---\n\n- item\n---\n\n| a |\n|---|\n\n```\ncode\n---\n```';
    expect(atxHeadings(text)).toBe(text);
  });
});
