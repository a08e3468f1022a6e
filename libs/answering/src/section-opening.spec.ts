import { namedByQuestion } from './section-opening';
import { askExtractive, passage, readingSearcher, sectionPage } from './testing/page-searcher';
import { terms } from './text';

/** A backend's page: a section opens with its command; its later part, the details, is retrieved. */
const PAGE = 'docbook-backend';
const TITLE = 'Generate DocBook from AsciiDoc';
const SECTION = `${TITLE} › Generate DocBook`;
const OPENING = passage(
  PAGE,
  SECTION,
  'Asciidoctor can produce DocBook 5.0 output. To convert the document to DocBook, pass the docbook ' +
    'backend name to the CLI:\n\n```\n$ asciidoctor -b docbook my-document.adoc\n```',
  TITLE,
);
const DETAILS = passage(
  PAGE,
  SECTION,
  'A summary of the differences of the generated DocBook are as follows:\n\n' +
    '- XSD declarations are used on the document root instead of a DTD\n' +
    '- `<link>` is used for links instead of `<ulink>`\n\n' +
    'If you are using the API, you can generate a DocBook document directly from your application:\n\n' +
    "```ruby\nAsciidoctor.convert_file 'my-document.adoc', backend: 'docbook'\n```",
  TITLE,
);
const HTML = passage(
  'html-backend',
  'Generate HTML from AsciiDoc › Generate HTML',
  'The default converter produces HTML 5 output, which is what you get without any backend option.',
  'Generate HTML from AsciiDoc',
);

const QUESTION = 'How do I generate DocBook instead of HTML?';

describe('the opening of the section a how-do-I names', () => {
  it('is read by its place when retrieval found only a later part of that section', async () => {
    const retriever = readingSearcher([DETAILS, HTML], [OPENING, DETAILS]);
    const { text, cited } = await askExtractive(QUESTION, retriever);
    expect(text).toContain('asciidoctor -b docbook');
    expect(cited[0]).toBe(PAGE);
  });

  it('is quoted once when retrieval found it too', async () => {
    const retriever = readingSearcher([OPENING, DETAILS, HTML], [OPENING, DETAILS]);
    const { text } = await askExtractive(QUESTION, retriever);
    expect(text.split('asciidoctor -b docbook').length).toBe(2);
  });

  it('is a section whose own heading is the question’s words only', () => {
    const weights = (q: string) => new Map(terms(q).map((t) => [t, 1]));
    const named = sectionPage(TITLE, 'Generate DocBook', 'Text.', 0);
    expect(namedByQuestion(named, weights(QUESTION))).toBe(true);
    // A list of ways, one of which is asked: its opening gives the others.
    const ways = sectionPage('How to invoke pytest', 'Specifying which tests to run', 'Text.', 0);
    expect(namedByQuestion(ways, weights('How do I run only the tests marked slow?'))).toBe(false);
  });
});
