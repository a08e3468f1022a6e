import type { SearchResult } from '@docqa/contracts';
import { contextDocuments } from './citations';
import { codeOnlyWords } from './code-only-word';
import { rankedChoice } from './ranked-choice';
import { sectionPassages } from './section-passage';

const section = (title: string, heading: string, text: string, rank: number): SearchResult => ({
  document_id: title,
  chunk_id: `${title}#${rank}`,
  title,
  url: null,
  text,
  score: 1 - rank / 10,
  section: heading,
  metadata: {},
});

/** A gem's install section that mentions Windows, and the Windows page whose command is `choco`. */
const RESULTS = [
  section(
    'Asciidoctor Mathematical',
    'Asciidoctor Mathematical › Install',
    'Asciidoctor Mathematical is distributed as a gem named asciidoctor-mathematical. You can install it ' +
      'using the Ruby packaging tools (gem or bundle).\n\n```\n$ gem install asciidoctor-mathematical\n```\n\n' +
      'However, you may run into difficulty installing this gem. Asciidoctor Mathematical depends on ' +
      'Mathematical, which is a native gem. In other words, Mathematical must be recompiled during ' +
      'installation, which requires access to build tools and native development libraries on the host ' +
      'system. Furthermore, this compilation currently only works on Linux. You cannot install this gem on ' +
      'Windows.\n\nIf you run into problems installing this gem, or need to use it on Windows, consider ' +
      'using the Asciidoctor Docker container.',
    5,
  ),
  section(
    'Install on Windows',
    'Install on Windows',
    'To install Asciidoctor on Windows, you can use Chocolatey or RubyInstaller.',
    1,
  ),
  section(
    'Install on Windows',
    'Install on Windows › Chocolatey',
    'When you already use Chocolatey on your machine, you can use:\n\n```\nC:\\> choco install ruby\n```\n\n' +
      'Then follow the gem installation instructions.',
    0,
  ),
  section(
    'Install Using Ruby Packaging',
    'Install Using Ruby Packaging › Configure Ruby packaging',
    'Ruby packaging needs a Ruby runtime on Linux, macOS or Windows. Add the gem to your Gemfile and run bundle.',
    2,
  ),
  section(
    'Install on Windows',
    'Install on Windows › RubyInstaller',
    'Or you use the RubyInstaller, download the package for your Windows Version and after the installation, ' +
      'then follow the gem installation instructions.',
    4,
  ),
  section(
    'Install and Update',
    'Install and Update › Installation methods',
    'Asciidoctor can be installed on Linux, macOS or Windows with a package manager or as a gem.',
    3,
  ),
];

it('finds the question’s words that only code writes', () => {
  const passages = sectionPassages(contextDocuments(RESULTS), new Map());
  expect([...codeOnlyWords(passages, ['choco', 'install', 'window', 'ruby', 'asciidoctor'])]).toEqual([
    'choco',
  ]);
});

it('leaves out a word that code writes only in a comment or a string', () => {
  const resolver = section(
    '.pnpmfile.cjs',
    '.pnpmfile.cjs › Custom resolvers',
    'This example resolves packages from a custom registry:\n\n```js\nconst customResolver = {\n' +
      "  // Only handle packages with @company scope\n  canResolve: (d) => d.alias.startsWith('@company/'),\n" +
      '  resolve: (d) => fetch(`https://registry.company.com/${d.alias}`),\n}\n```',
    0,
  );
  const passages = sectionPassages(contextDocuments([resolver]), new Map());
  expect([...codeOnlyWords(passages, ['company', 'fetch'])]).toEqual(['fetch']);
});

it('ranks first the section whose code types the command the question names as a word', () => {
  const choice = rankedChoice(
    'Can I install Asciidoctor on Windows with choco?',
    [...RESULTS].sort((a, b) => b.score - a.score),
  );
  expect(choice!.ranked[0]!.passage.section).toBe('Install on Windows › Chocolatey');
});
