import { askExtractive, pageSearcher, passage, prose } from './testing/page-searcher';

/**
 * A converter page's section headed by the task, as AsciiDoc sites write it: the command first,
 * a variant for templates next, then an aside that names more of the question's words.
 */
const XHTML = passage(
  'Generate HTML',
  'Generate HTML › Generate XHTML',
  '- **Output format**: XML variant of HTML\n- **Output file extension**: .html\n\n' +
    'Produce XHTML using the xhtml5 backend option\n\n```\n$ tool -b xhtml5 my-document.adoc\n```\n\n' +
    'To produce XHTML instead of HTML when using converter templates, set the `htmlsyntax` attribute:\n\n' +
    '```\n$ tool -T /path/to/templates -b slides -a htmlsyntax=xml my-document.adoc\n```\n\n' +
    `${prose(3, 'the templates engine')}\n\n` +
    'XHTML output is a special mode of the built-in HTML5 converter.\n\n' +
    `${prose(4, 'the syntax hint and its value')}`,
);

describe('the window of a section headed by the task asked', () => {
  it('starts at the opening when a window from there reaches its first command', async () => {
    const { text } = await askExtractive(
      'How do I get XHTML output instead of HTML5?',
      pageSearcher([XHTML]),
    );
    expect(text).toContain('$ tool -b xhtml5 my-document.adoc');
  });
});
