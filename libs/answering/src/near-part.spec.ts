import { askExtractive, pageSearcher, passage } from './testing/page-searcher';

/** A page of the HTML converter's folder that never writes "HTML", and its part for each highlighter. */
const PAGE = 'html-backend/pages/source-highlighting-stylesheets.adoc';
const TITLE = 'Embed a CodeRay or Pygments Stylesheet';
const OPENING = passage(
  PAGE,
  TITLE,
  'Asciidoctor can embed the stylesheet for the CodeRay or Pygments syntax highlighters.',
  TITLE,
);
const PYGMENTS = passage(
  PAGE,
  `${TITLE} › Pygments`,
  'If the `source-highlighter` attribute is `pygments` and the `pygments-css` attribute is ' +
    '`class`, the Pygments stylesheet is:\n\n* _embedded_ by default\n* _copied_ to the file ' +
    '_asciidoctor-pygments.css_ inside the `stylesdir` folder within the output directory if ' +
    '`linkcss` is set',
  TITLE,
);
const REQUIREMENTS = passage(
  PAGE,
  `${TITLE} › Requirements`,
  'First, make sure the appropriate library is installed on your system. Next, set the ' +
    'source-highlighter attribute and assign it the value that corresponds to the library you installed.',
  TITLE,
);
const CODERAY = passage(
  PAGE,
  `${TITLE} › CodeRay`,
  'If the `source-highlighter` attribute is `coderay` and the `coderay-css` attribute is `class`, ' +
    'the CodeRay stylesheet is:\n\n* _embedded_ by default\n* _copied_ to the file ' +
    '_asciidoctor-coderay.css_ inside the `stylesdir` folder within the output directory if ' +
    '`linkcss` is set',
  TITLE,
);
/** Another page of the folder, on the converter's own stylesheet, which writes "HTML" throughout. */
const MODES = 'html-backend/pages/stylesheet-modes.adoc';
const EMBED = passage(
  MODES,
  'Stylesheet Modes › Embed the stylesheet',
  'When the safe mode is server or lower, the default behavior of the HTML converter is to read the ' +
    'stylesheet file, enclose its contents in a `<style>` element, and embed it directly into the ' +
    '`<head>` element of the generated HTML. This default makes the HTML more portable since you ' +
    "don't lose the stylesheet if you move the file.\n\nHowever, if the safe mode is secure, the " +
    'converter will link to the stylesheet file instead. If you see a link to the stylesheet file ' +
    'in the generated HTML where you expect the stylesheet to be embedded, check your safe mode setting.',
  'Stylesheet Modes',
);
const MODES_OPENING = passage(
  MODES,
  'Stylesheet Modes',
  'The HTML converter can be configured to embed the CSS of the stylesheet directly into the HTML, ' +
    'link to the stylesheet file, or disable it entirely. This page covers the document attributes ' +
    'that control how the stylesheet is applied.',
  'Stylesheet Modes',
);

describe("a page whose opening announces its parts, in a folder named by the question's word", () => {
  it('leads with that page though it never writes the word, and quotes the part the question names', async () => {
    const { text, cited } = await askExtractive(
      'How do I embed the Pygments stylesheet in the HTML?',
      pageSearcher([OPENING, PYGMENTS, REQUIREMENTS, CODERAY, EMBED, MODES_OPENING]),
    );
    expect(cited[0]).toBe(PAGE);
    expect(text).toContain('pygments-css');
    expect(text).not.toContain('coderay-css');
  });
});
