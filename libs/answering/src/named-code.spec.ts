import { rankSections, termWeights } from './passage-choice';
import { questionIntent } from './question-intent';
import type { SectionPassage } from './section-passage';
import { sectionPage } from './testing/page-searcher';
import { nameTerms, terms } from './text';

/** The sections in the order `rankSections` puts them for a how-do-I, with or without its names. */
function ranked(question: string, passages: SectionPassage[], names = nameTerms(question)) {
  return rankSections(
    passages,
    termWeights(terms(question), passages, undefined, names),
    'how',
    questionIntent(question),
    null,
    names,
  ).map((s) => s.passage.section);
}

describe('a name the question writes, in a section’s code', () => {
  const question = 'Is there a tool that converts my Markdown files to AsciiDoc?';
  const pandoc = sectionPage(
    'Migrate from MS Word to Asciidoctor',
    'Pandoc',
    'Pandoc converts a Word file to AsciiDoc. Run it on the exported file:\n\n' +
      '```\n$ pandoc input.docx -f docx -t asciidoc --wrap=none --markdown-headings=atx -o output.adoc\n```',
    1,
  );
  const editors = sectionPage(
    'Editor Support',
    'Text editors',
    'Most text editors have a tool for AsciiDoc files: syntax highlighting, a preview, and a way to ' +
      'convert the file as you type.',
    0,
  );

  it('counts as prose: the code works with that thing (pandoc’s option for Markdown headings)', () => {
    expect(ranked(question, [editors, pandoc])[0]).toBe(pandoc.section);
  });

  it('counts as code when the question does not write it as a name', () => {
    expect(ranked(question, [editors, pandoc], new Set())[0]).toBe(editors.section);
  });
});
