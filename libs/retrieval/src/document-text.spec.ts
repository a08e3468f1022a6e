import type { Chunk } from './chunk';
import { documentText, joinOverlapping } from './document-text';

const chunk = (n: number, heading: string, text: string): Chunk => ({
  tenant: 't',
  document_id: 'guide',
  chunk_id: `guide#${n}`,
  title: 'Guide',
  url: 'https://docs.example/guide',
  heading,
  text,
  metadata: { product: 'cli' },
});

describe('documentText', () => {
  it('orders chunks by number (10 after 9), writes section headings and drops overlaps', () => {
    const chunks = [
      chunk(10, 'Install › Linux', 'Run the script.'),
      chunk(1, 'Install', 'Download the archive. Unpack it'),
      chunk(2, 'Install', 'Unpack it into a folder of your choice.'),
      ...Array.from({ length: 7 }, (_, i) => chunk(i + 3, 'Install', `Step ${i + 3}.`)),
      chunk(0, '', 'Welcome to the guide.'),
    ];
    const read = documentText(chunks, { maxChars: 10_000 })!;
    expect(read.text.split('\n\n')).toEqual([
      'Welcome to the guide.',
      '# Install',
      'Download the archive. Unpack it into a folder of your choice.',
      'Step 3.',
      'Step 4.',
      'Step 5.',
      'Step 6.',
      'Step 7.',
      'Step 8.',
      'Step 9.',
      '## Linux',
      'Run the script.',
    ]);
    expect(read).toMatchObject({
      document_id: 'guide',
      title: 'Guide',
      url: 'https://docs.example/guide',
      metadata: { product: 'cli' },
      offset: 0,
      truncated: false,
      next_offset: null,
    });
  });

  it('cuts the text at maxChars and says where to read on, part by part to the end', () => {
    const chunks = [chunk(0, '', 'abcdefghij')];
    expect(documentText(chunks, { maxChars: 4 })).toMatchObject({
      text: 'abcd',
      offset: 0,
      truncated: true,
      next_offset: 4,
    });
    expect(documentText(chunks, { offset: 4, maxChars: 4 })).toMatchObject({
      text: 'efgh',
      offset: 4,
      truncated: true,
      next_offset: 8,
    });
    expect(documentText(chunks, { offset: 8, maxChars: 4 })).toMatchObject({
      text: 'ij',
      truncated: false,
      next_offset: null,
    });
    expect(documentText(chunks, { offset: 50, maxChars: 4 })).toMatchObject({ text: '', next_offset: null });
  });

  it('is null without chunks', () => {
    expect(documentText([], { maxChars: 100 })).toBeNull();
  });
});

describe('joinOverlapping', () => {
  it('writes the shared text once', () => {
    expect(joinOverlapping('one two three four', 'three four five')).toBe(' five');
  });

  it('keeps chunks that share nothing apart as paragraphs', () => {
    expect(joinOverlapping('one two', 'three four')).toBe('\n\nthree four');
  });

  it('finds the overlap past an earlier occurrence of its start', () => {
    expect(joinOverlapping('the cat and the cat sat', 'the cat sat down')).toBe(' down');
  });
});
