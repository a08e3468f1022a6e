import { quotePassage } from './quote-passage';
import { units } from './section-passage';

/** A sentence of `n` words. */
const sentence = (n: number, word: string) =>
  `${word[0]!.toUpperCase()}${word.slice(1)} ${`${word} `.repeat(n - 2)}end.`;

/** A warning of two paragraphs, each of three 25-word sentences (150 words), as Markdown. */
const WARNING = [
  '> **Warning:** ',
  '>',
  `> If the extension reads lines from the reader, it will cause side effects. ${sentence(14, 'one')}`,
  `> ${sentence(25, 'two')}`,
  '>',
  `> ${sentence(25, 'three')} ${sentence(25, 'four')}`,
  `> ${sentence(25, 'five')}`,
].join('\n');

const SECTION = `The preprocessor runs before the source is parsed.\n\n${WARNING}\n\nIt then reads the lines.`;

describe('a long note read by its sentences', () => {
  it('cuts a note longer than a section’s share of an answer into quoted sentences', () => {
    const notes = units(SECTION).filter((u) => u.kind === 'quote');
    expect(notes).toHaveLength(6);
    expect(notes[0]!.text).toBe(
      '> **Warning:** If the extension reads lines from the reader, it will cause side effects.',
    );
    expect(notes[1]!.text).toMatch(/^> One one/);
    expect(notes[3]!.text).toMatch(/^>\n> Three three/);
    expect(new Set(notes.map((u) => u.block)).size).toBe(1);
  });

  it('quotes the note as written, whole or by its first sentences', () => {
    const all = units(SECTION);
    const quote = quotePassage(all, '[1]', 'Preprocessor');
    expect(quote).toContain(
      '> **Warning:** If the extension reads lines from the reader, it will cause side effects. One one',
    );
    expect(quote).toMatch(/two end\.\n>\n> Three three/);
    const first = quotePassage(all.slice(0, 2), '[1]', 'Preprocessor');
    expect(first).toBe(
      'The preprocessor runs before the source is parsed. [1]\n\n' +
        '> **Warning:** If the extension reads lines from the reader, it will cause side effects.',
    );
  });

  it('keeps a short note, and a note that holds a list, whole', () => {
    const short = '> **Note:** It is safe. Nothing is read.';
    expect(units(short)).toHaveLength(1);
    const listed = `${WARNING}\n>\n> - Debian: \`apt-get install -y libatomic1\``;
    expect(units(listed)).toHaveLength(1);
  });
});
