import { termWeights, type ScoredSection } from './passage-choice';
import { commandFirst, commandPassage } from './second-passage';
import { sectionPassages } from './section-passage';
import { passage as chunk } from './testing/page-searcher';
import { terms } from './text';

/** An entry points page as MkDocs sites write it: an example, an option with a note, options. */
const EXAMPLE = chunk(
  'entrypoints',
  'Configuration Example',
  '```yaml\nentryPoints:\n  web:\n    address: :80\n    http:\n      redirections:\n' +
    '        entryPoint:\n          to: websecure\n          scheme: https\n```',
);
const BYPASS = chunk(
  'entrypoints',
  'Configuration Options › allowACMEByPass',
  'By default, Traefik creates an internal router to handle ACME HTTP challenges.\n\n' +
    '> **Note:** When `allowACMEByPass` is enabled and the entrypoint has an HTTP redirect ' +
    'configured, the redirect router excludes the ACME challenge path.\n\n' +
    '```yaml\nentryPoints:\n  web:\n    address: ":80"\n    allowACMEByPass: true\n```',
);
/** A pytest page: a section headed by what it does, and an option of it with an example. */
const XFAIL = chunk(
  'skipping',
  'Skipping › XFail: mark test functions as expected to fail',
  'You can use the xfail marker to indicate that you expect a test to fail:\n\n' +
    '```python\n@pytest.mark.xfail\ndef test_function(): ...\n```',
);
const RUN = chunk(
  'skipping',
  'Skipping › XFail: mark test functions as expected to fail › `run` parameter',
  'If a test should be marked as xfail but not run, use the `run` parameter:\n\n' +
    '```python\n@pytest.mark.xfail(run=False)\ndef test_function(): ...\n```',
);

/** The sections of `chunks` (retrieved in that order) scored `scores`, for `question`. */
function scored(question: string, chunks: ReturnType<typeof chunk>[], scores: number[]) {
  const passages = sectionPassages([{ passages: chunks }], new Map(chunks.map((c, i) => [c.chunk_id, i])));
  const sections: ScoredSection[] = passages.map((passage, i) => ({
    passage,
    coverage: 1,
    score: scores[i]!,
    defines: false,
    fit: 1,
  }));
  return { sections, weights: termWeights([...new Set(terms(question))], passages) };
}

const section = (s: ScoredSection) => s.passage.section;

describe('the section whose command does the task', () => {
  it('goes first when the best one is an option of the page that names none of the question', () => {
    const question = 'How do I redirect all HTTP traffic to HTTPS on the entry point?';
    const { sections, weights } = scored(question, [BYPASS, EXAMPLE], [1.25, 0.95]);
    expect(commandFirst(sections, weights).map(section)).toEqual([
      'Configuration Example',
      'Configuration Options › allowACMEByPass',
    ]);
  });

  it('does not when it is not about as good as the best one', () => {
    const question = 'How do I redirect all HTTP traffic to HTTPS on the entry point?';
    const { sections, weights } = scored(question, [BYPASS, EXAMPLE], [1.25, 0.6]);
    expect(commandFirst(sections, weights)).toEqual(sections);
  });

  it('does not when it does another task than the one asked', () => {
    const question = 'How do I redirect all HTTP traffic to HTTPS on the entry point?';
    const { sections, weights } = scored(question, [BYPASS, EXAMPLE], [1.25, 0.95]);
    const other = [sections[0]!, { ...sections[1]!, fit: 0.75 }];
    expect(commandFirst(other, weights)).toEqual(other);
  });

  it('does not when the best one is headed by what is asked (its option is a variant of it)', () => {
    const question = 'How do I make an unexpectedly passing xfail test fail the run?';
    const { sections, weights } = scored(question, [XFAIL, RUN], [1.78, 1.34]);
    expect(commandFirst(sections, weights)).toEqual(sections);
  });

  it('does not when it is on another page', () => {
    const question = 'How do I redirect all HTTP traffic to HTTPS on the entry point?';
    const other = { ...EXAMPLE, document_id: 'guide', chunk_id: 'guide#0' };
    const passages = sectionPassages(
      [{ passages: [BYPASS] }, { passages: [other] }],
      new Map([
        [BYPASS.chunk_id, 0],
        [other.chunk_id, 1],
      ]),
    );
    const sections = passages.map((passage, i) => ({
      passage,
      coverage: 1,
      score: [1.25, 0.95][i]!,
      defines: false,
      fit: 1,
    }));
    const weights = termWeights([...new Set(terms(question))], passages);
    expect(commandFirst(sections, weights)).toEqual(sections);
  });
});

/** A middleware's page as MkDocs sites write it: its introduction, and its example, code only. */
const CONTENT_TYPE = chunk(
  'contenttype',
  '',
  'The `contentType` middleware sets the `Content-Type` header value to the media type detected ' +
    'from the response content, when it is not set by the backend.',
);
const CONTENT_TYPE_EXAMPLE = chunk(
  'contenttype',
  'Configuration Examples',
  '```yaml\n# Enable auto-detection\nhttp:\n  middlewares:\n    autodetect:\n      contentType: {}\n```',
);

describe('the command quoted after a first section that gives none', () => {
  const question = 'How do I make Traefik detect and set the Content-Type when my backend doesn’t send one?';

  it('is the page’s code-only example though it scores a third of the introduction', () => {
    // As ranked on the traefik corpus: the introduction 0.879, the example 0.308.
    const { sections, weights } = scored(question, [CONTENT_TYPE, CONTENT_TYPE_EXAMPLE], [0.879, 0.308]);
    expect(commandPassage(sections[0]!, sections, weights)?.passage.section).toBe('Configuration Examples');
  });

  it('is the page’s example under 0.3 of the first section when it follows the page’s opening', () => {
    const { sections, weights } = scored(question, [CONTENT_TYPE, CONTENT_TYPE_EXAMPLE], [0.879, 0.25]);
    expect(commandPassage(sections[0]!, sections, weights)?.passage.section).toBe('Configuration Examples');
  });
});

/** A middleware's page: its introduction, its example, code only, then prose sections. */
const COMPRESS = chunk('compress', '', 'The `compress` middleware compresses responses.');
const COMPRESS_EXAMPLE = chunk(
  'compress',
  'Configuration Examples',
  '```yaml\n# Enable compression\nhttp:\n  middlewares:\n    test-compress:\n      compress: {}\n```',
);
const ACTIVATION = chunk(
  'compress',
  'Compression activation',
  'Responses are compressed when the `Accept-Encoding` request header contains `gzip`.',
);
const GRPC = chunk(
  'compress',
  'GRPC application',
  'Compression of gRPC responses is turned off by default:\n\n' +
    '```yaml\n# gRPC compression\nexcludedContentTypes:\n  - application/grpc\n```',
);

describe('a page’s leading example, quoted under 0.3 of the first section', () => {
  const question = 'How do I turn on gzip compression of responses?';

  it('is the first section of the page that gives a command, before the one that answered', () => {
    // As ranked on the traefik corpus: the example at 0.13 of "Compression activation".
    const { sections, weights } = scored(
      question,
      [ACTIVATION, COMPRESS, COMPRESS_EXAMPLE, GRPC],
      [1, 0.47, 0.13, 0.12],
    );
    expect(commandPassage(sections[0]!, sections, weights)?.passage.section).toBe('Configuration Examples');
  });

  it('is none when the page’s only command comes after the section that answered', () => {
    const { sections, weights } = scored(question, [ACTIVATION, COMPRESS, GRPC], [1, 0.47, 0.12]);
    expect(commandPassage(sections[0]!, sections, weights)).toBeUndefined();
  });

  it('gives way to a section of the page that gives a command from 0.3 of the first one', () => {
    const { sections, weights } = scored(question, [ACTIVATION, COMPRESS_EXAMPLE, GRPC], [1, 0.13, 0.35]);
    expect(commandPassage(sections[0]!, sections, weights)?.passage.section).toBe('GRPC application');
  });
});

/** A command's page as Docusaurus sites write it: its opening in prose, then its usage, code only. */
const SBOM = chunk(
  'sbom',
  '',
  'Generate a Software Bill of Materials (SBOM) for the project.\n\nSupported formats:\n\n' +
    '- **CycloneDX 1.7** (JSON)\n- **SPDX 2.3** (JSON)',
  'pnpm sbom',
);
/** An option of the command, further down its page: prose, no command. */
const SBOM_FORMAT = chunk(
  'sbom',
  'Options › --sbom-format',
  'The format of the software bill of materials: CycloneDX 1.7 or SPDX 2.3, both JSON.',
  'pnpm sbom',
);
const SBOM_USAGE = chunk(
  'sbom',
  'Usage',
  '```sh\npnpm sbom --sbom-format cyclonedx\npnpm sbom --sbom-format spdx\n```',
  'pnpm sbom',
);

describe('the usage quoted after a command page’s opening that gives no command', () => {
  const question = 'How do I generate a CycloneDX software bill of materials for my project?';

  it('is the page’s code that writes the command, however low it scores', () => {
    // As ranked on the pnpm corpus: the opening 1.745, the usage 0.095.
    const { sections, weights } = scored(question, [SBOM, SBOM_USAGE], [1.745, 0.095]);
    expect(commandPassage(sections[0]!, sections, weights)?.passage.section).toBe('Usage');
  });

  // Below, the section that answered is an option's, before the usage in the page, so the page's
  // leading example (the usage under its opening) is not what quotes it.
  it('is the page’s code that writes the command after a section of the page further up', () => {
    const { sections, weights } = scored(question, [SBOM_FORMAT, SBOM_USAGE], [1.745, 0.095]);
    expect(commandPassage(sections[0]!, sections, weights)?.passage.section).toBe('Usage');
  });

  it('is none on a page not titled by a command', () => {
    const retitled = [SBOM_FORMAT, SBOM_USAGE].map((c) => ({ ...c, title: 'Software bill of materials' }));
    const { sections, weights } = scored(question, retitled, [1.745, 0.095]);
    expect(commandPassage(sections[0]!, sections, weights)).toBeUndefined();
  });

  it('is none when the code does not write the page’s command', () => {
    const other = { ...SBOM_USAGE, text: '```json\n{ "bomFormat": "CycloneDX" }\n```' };
    const { sections, weights } = scored(question, [SBOM_FORMAT, other], [1.745, 0.095]);
    expect(commandPassage(sections[0]!, sections, weights)).toBeUndefined();
  });
});
