import { askExtractive, pageSearcher, passage } from './testing/page-searcher';

/** Asciidoctor's page on a script that migrates Confluence pages: its opening, then its steps. */
const PAGE = 'migrate/pages/confluence-xhtml.adoc';
const TITLE = 'Migrate from Confluence XHTML to Asciidoctor';
const OPENING = passage(
  PAGE,
  TITLE,
  'You can convert Atlassian Confluence XHTML pages to Asciidoctor using this Groovy script.\n\n' +
    'The script calls Pandoc to convert single or multiple HTML files exported from Confluence to ' +
    'AsciiDoc files. You’ll need Pandoc installed before running this script.',
  TITLE,
);
const USAGE = passage(
  PAGE,
  `${TITLE} › Usage`,
  [
    ' 1. Save the script contents to a `convert.groovy` file in a working directory.',
    ' 2. Make the file executable according to your specific OS requirements.',
    ' 3. Create an `html` directory for input files and an `asciidoc` directory for output files.',
    ' 4. Place individual files, or a directory containing files, into the `html` directory.',
    ' 5. Run `groovy convert` to convert the files contained inside the `html` directory.',
    ' 6. Look for the generated output file in the `asciidoc` directory.',
  ].join('\n\n'),
  TITLE,
);
const FIRST = passage(
  'get-started/pages/index.adoc',
  'Convert Your First AsciiDoc File',
  'On this page, you’ll learn how to run Asciidoctor on an AsciiDoc document and convert it to HTML.',
  'Convert Your First AsciiDoc File',
);

describe('a step that says to run a command written as code', () => {
  it('gives the command of a page whose opening answers in prose', async () => {
    const retriever = pageSearcher([OPENING, USAGE, FIRST], []);
    const { text } = await askExtractive(
      'How do I convert pages exported from Confluence to AsciiDoc?',
      retriever,
    );
    expect(text).toContain('using this Groovy script');
    expect(text).toContain('Run `groovy convert`');
  });
});
