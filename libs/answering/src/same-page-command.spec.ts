import { askExtractive, pageSearcher, passage } from './testing/page-searcher';

/**
 * An extension example as an Antora site writes it: the purpose, then a sample document, the
 * extension's class and its registration, each under a heading of its own.
 */
const PAGE = 'extensions/pages/inline-macro-processor.adoc';
const TITLE = 'Inline Macro Processor Extension Example';
const PURPOSE = passage(
  PAGE,
  TITLE,
  '- **Purpose:** Create an inline macro named `man` that links to another man page.',
  TITLE,
);
const SAMPLE = passage(
  PAGE,
  `${TITLE} › sample-with-man-link.adoc`,
  '```asciidoc\nSee man:gittutorial[7] to get started.\n```',
  TITLE,
);
const CLASS = passage(
  PAGE,
  `${TITLE} › ManpageInlineMacro`,
  [
    '```ruby',
    'class ManInlineMacro < Asciidoctor::Extensions::InlineMacroProcessor',
    '  use_dsl',
    '  named :man',
    '  def process parent, target, attrs',
    '    node = create_anchor parent, target, type: :link, target: target',
    '  end',
    'end',
    '```',
  ].join('\n'),
  TITLE,
);
const USAGE = passage(
  PAGE,
  `${TITLE} › Usage`,
  '```ruby\nAsciidoctor::Extensions.register do\n  inline_macro ManInlineMacro\nend\n```',
  TITLE,
);

describe('the command of the best section’s page, after a first section that gives none', () => {
  it('is the section whose code and heading name most of the question, not the best ranked', async () => {
    const retriever = pageSearcher([PURPOSE, SAMPLE, CLASS, USAGE], []);
    const { text } = await askExtractive(
      'How do I create an inline macro that links to a man page?',
      retriever,
    );
    expect(text).toContain('Create an inline macro named `man`');
    expect(text).toContain('Asciidoctor::Extensions::InlineMacroProcessor');
    expect(text).not.toContain('See man:gittutorial[7]');
  });
});
