import { askExtractive, pageSearcher, passage } from './testing/page-searcher';
import { askedConversion, convertsOtherWay } from './conversion-direction';
import { sectionPassages } from './section-passage';

/** Asciidoctor's page that converts AsciiDoc to DocBook, and the page that migrates back. */
const BACKEND = passage(
  'docbook-backend/pages/index.adoc',
  'Generate DocBook from AsciiDoc',
  'Asciidoctor can produce the DocBook 5 XML output format from an AsciiDoc document. Although ' +
    'DocBook XML is not a publishable format, it can be used to tie into an existing publishing ' +
    'toolchain that processes DocBook. This page explains how to use Asciidoctor to convert ' +
    'AsciiDoc to DocBook.',
  'Generate DocBook from AsciiDoc',
);
const MIGRATE = passage(
  'migrate/pages/docbook-xml.adoc',
  'Migrate from DocBook XML to Asciidoctor',
  'A task Asciidoctor excels at is converting AsciiDoc source into valid and well-formed DocBook ' +
    'XML content. But what if you need to migrate your legacy DocBook XML content to AsciiDoc? ' +
    'The prescription you need could be DocBookRx.',
  'Migrate from DocBook XML to Asciidoctor',
);

const sectionOf = (result: typeof BACKEND) => sectionPassages([{ passages: [result] }], new Map())[0]!;

describe('the conversion a question asks for', () => {
  it('is what it converts and into what, as a term each', () => {
    expect(askedConversion('How can I turn my existing DocBook XML into AsciiDoc?')).toEqual({
      source: 'xml',
      target: 'asciidoc',
    });
    expect(askedConversion('How do I migrate from npm to pnpm?')).toEqual({ source: 'npm', target: 'pnpm' });
    expect(askedConversion('How do I write the converted output to stdout?')).toBeNull();
    expect(askedConversion('How do I generate DocBook instead of HTML?')).toBeNull();
  });

  it('is done the other way round by a page whose headings convert from its target', () => {
    const asked = askedConversion('How can I turn my existing DocBook XML into AsciiDoc?');
    expect(convertsOtherWay(sectionOf(BACKEND), asked)).toBe(true);
    expect(convertsOtherWay(sectionOf(MIGRATE), asked)).toBe(false);
    const back = askedConversion('How do I convert AsciiDoc to DocBook?');
    expect(convertsOtherWay(sectionOf(BACKEND), back)).toBe(false);
  });

  it('quotes the page that converts the way asked, though the other one ranks first', async () => {
    const retriever = pageSearcher([BACKEND, MIGRATE], []);
    const { text } = await askExtractive('How can I turn my existing DocBook XML into AsciiDoc?', retriever);
    expect(text.startsWith('A task Asciidoctor excels at')).toBe(true);
    expect(text).toContain('DocBookRx');
  });
});
