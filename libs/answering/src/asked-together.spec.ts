import type { SearchResult } from '@docqa/contracts';
import { NOT_FOUND_ANSWER } from './answer-types';
import { askExtractive, passage, type SearchQuery } from './testing/page-searcher';

/** A searcher that finds `found` for any question, and for a keyword search its passages that write a word of the query. */
function docsSearcher(found: SearchResult[]) {
  return {
    search: async (query: SearchQuery) => {
      const words = query.query.toLowerCase().split(' ');
      const results =
        query.mode === 'keyword'
          ? found.filter((r) => words.some((w) => r.text.toLowerCase().includes(w)))
          : found;
      return { results: results.slice(0, query.limit), took_ms: 0 };
    },
  };
}

/** A page about answering that quotes other docs' examples, beside the widget's pages. */
const ANSWERING = passage(
  'answers.md',
  'Answers › What the question asks to do',
  'A section counts more when it says how to turn off what is asked. A copy beside the answer ' +
    'is quoted after it: the Home Screen, then the expert sound settings that list the equalizer.',
  'Answers',
);
const WIDGET = [
  passage(
    'widget.md',
    'The chat widget › Options',
    'The widget takes `api_url`, `api_token` and `locale`. Turn off the widget popup with `popup: false`.',
    'The chat widget',
  ),
  passage(
    'widget.md',
    'The chat widget › Answers',
    'The widget shows each answer as it arrives.',
    'The chat widget',
  ),
];

/** Exports of the questions asked, beside the files a knowledge base ingests. */
const EXPORTS = [
  passage(
    'cli.md',
    'Command line › ingest',
    'Ingest Markdown, HTML and PDF files: MDX import and export lines are dropped, their text kept.',
    'Command line',
  ),
  passage(
    'insights.md',
    'Insights › Export',
    'Export a chat as JSON lines or as CSV: `GET /admin/export/chats?format=csv`.',
    'Insights',
  ),
];

describe('a thing asked that the answering sections hold only without what says which', () => {
  it('declines a thing of two words whose section holds its last word about another thing', async () => {
    const { text } = await askExtractive(
      'How do I turn off the widget sound?',
      docsSearcher([ANSWERING, ...WIDGET]),
    );
    expect(text).toBe(NOT_FOUND_ANSWER);
  });

  it('answers that thing where a section holds both its words', async () => {
    const sound = passage(
      'widget.md',
      'The chat widget › Sound',
      'The widget plays a sound when an answer arrives. Turn it off with `sound: false`.',
      'The chat widget',
    );
    const { text } = await askExtractive(
      'How do I turn off the widget sound?',
      docsSearcher([ANSWERING, sound, ...WIDGET]),
    );
    expect(text).toContain('sound: false');
  });

  it('declines a thing asked in a form no section gives it in', async () => {
    const { text } = await askExtractive('How do I export a chat as PDF?', docsSearcher(EXPORTS));
    expect(text).toBe(NOT_FOUND_ANSWER);
  });

  it('answers the thing asked in a form its section gives', async () => {
    const { text } = await askExtractive('How do I export a chat as CSV?', docsSearcher(EXPORTS));
    expect(text).toContain('format=csv');
  });

  it('reads the thing in the word its wording implies where the docs write that word', async () => {
    // docsify's quick start installs `docsify-cli`, which a visitor calls its command line tool;
    // the Docker deployment uses "the docsify-cli tool" without a command.
    const sections = [
      passage(
        'deploy.md',
        'Deploy › Docker',
        'Create the docsify files with the docsify-cli tool. Each line of the Dockerfile is a step:\n\n' +
          '```sh\ndocker build -f Dockerfile -t docsify/demo .\n```',
        'Deploy',
      ),
      passage(
        'quickstart.md',
        'Quick start',
        'It is recommended to install `docsify-cli` globally, then run its `init` command.\n\n' +
          '```bash\nnpm i docsify-cli -g\n```',
        'Quick start',
      ),
    ];
    const { text } = await askExtractive(
      'How do I install the docsify command line tool?',
      docsSearcher(sections),
    );
    expect(text).toContain('npm i docsify-cli -g');
  });

  it('declines a task asked of a subject with an article that the docs never do', async () => {
    const asked = 'Can the widget play a sound when an answer arrives?';
    expect((await askExtractive(asked, docsSearcher([ANSWERING, ...WIDGET]))).text).toBe(NOT_FOUND_ANSWER);
    const shown = await askExtractive(
      'Can the widget show an answer as it arrives?',
      docsSearcher([ANSWERING, ...WIDGET]),
    );
    expect(shown.text).toContain('as it arrives');
  });
});
