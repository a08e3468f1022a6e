import { quotePassage } from './quote-passage';
import { units } from './section-passage';
import { writesCode } from './command-unit';
import { askExtractive, pageSearcher, passage } from './testing/page-searcher';

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

/** Vite's scaffolding section: a command per package manager, then a collapsed note of 190 words. */
const SCAFFOLDING = [
  ...['npm', 'Yarn', 'pnpm', 'Bun'].map(
    (pm) => `**${pm}**:\n\n\`\`\`bash\n$ ${pm.toLowerCase()} create vite\n\`\`\``,
  ),
  'Then follow the prompts!',
  `> **Compatibility Note:** Vite requires Node.js version 20.19+. ${sentence(60, 'node')}`,
  [
    '> **Using create vite with command line options:** You can also directly specify the project name and ' +
      'the template you want to use via additional command line options. For example, to scaffold a ' +
      'Vite + Vue project, run:',
    ...['npm', 'Yarn', 'pnpm', 'Bun'].flatMap((pm) => [
      '>',
      `> **${pm}**:`,
      '>',
      '> ```bash',
      `> $ ${pm.toLowerCase()} create vite my-vue-app --template vue`,
      '> ```',
    ]),
    '>',
    `> See create-vite for more details on each supported template: ${'`vanilla`, `vue`, `react`, `svelte`, '.repeat(10)}\`lit\`.`,
    '>',
    '> You can use `.` for the project name to scaffold in the current directory.',
  ].join('\n'),
].join('\n\n');

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

  it('cuts a long note that holds code into its sentences and blocks, the code a block of its own', () => {
    const parts = units(SCAFFOLDING).filter((u) => u.kind === 'quote' && !u.text.includes('Compatibility'));
    expect(parts[0]!.text).toMatch(/^> \*\*Using create vite with command line options:\*\* You can also/);
    const code = parts.filter(writesCode);
    expect(code.map((u) => u.text)).toContain(
      '>\n> ```bash\n> $ pnpm create vite my-vue-app --template vue\n> ```',
    );
    expect(new Set(parts.map((u) => u.block)).size).toBe(1);
  });

  it('quotes the command of a collapsed note that a window did not hold whole', async () => {
    const { text } = await askExtractive(
      'How do I scaffold a Vite project with the Vue template from the command line?',
      pageSearcher([passage('guide/index.md', 'Scaffolding Your First Vite Project', SCAFFOLDING, 'Guide')]),
    );
    expect(text).toContain('--template vue');
    // The command, past the window, comes with the note's label of its tab.
    expect(text).toContain('> **npm**:\n>\n> ```bash\n> $ npm create vite my-vue-app --template vue\n> ```');
  });

  it('keeps a short note, and a long note that holds a list but no code, whole', () => {
    const short = '> **Note:** It is safe. Nothing is read.';
    expect(units(short)).toHaveLength(1);
    const listed = `${WARNING}\n>\n> - Debian: \`apt-get install -y libatomic1\``;
    expect(units(listed)).toHaveLength(1);
  });
});
