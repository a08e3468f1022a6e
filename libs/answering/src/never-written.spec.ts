import type { SearchResult } from '@docqa/contracts';
import { NOT_FOUND_ANSWER } from './answer-types';
import { askExtractive, passage, type SearchQuery } from './testing/page-searcher';

/** What a search of a chat widget's docs finds for a question about its languages or its looks. */
const WIDGET = [
  passage(
    'widget.md',
    'The chat widget › Languages',
    'The interface speaks English, German, French, Spanish and Japanese. The language is the ' +
      "`locale` option, else the page's `<html lang>`, and the answer's fixed phrases follow it.",
    'The chat widget',
  ),
  passage(
    'widget.md',
    'The chat widget › Styling',
    "Set the widget's colours and font size with CSS variables:\n\n```css\n" +
      'docqa-chat { --docqa-font-size: 18px; }\n```',
    'The chat widget',
  ),
  passage('answers.md', 'Answers › Citations', 'Answers quote the passages and cite them as [1].', 'Answers'),
  passage('api.md', 'API › Ask', 'POST /ask/ answers a question and streams the answer.', 'API'),
];

/**
 * A searcher that finds `found` for a question and, for a keyword search, the passages of `found`
 * and `elsewhere` (other pages of the docs) that write the first five letters of a word of the query.
 */
function docsSearcher(found: SearchResult[], elsewhere: SearchResult[] = []) {
  return {
    search: async (query: SearchQuery) => {
      const stems = query.query
        .toLowerCase()
        .split(' ')
        .map((w) => w.slice(0, 5));
      const results =
        query.mode === 'keyword'
          ? [...found, ...elsewhere].filter((r) => stems.some((stem) => r.text.toLowerCase().includes(stem)))
          : found;
      return { results: results.slice(0, query.limit), took_ms: 0 };
    },
  };
}

describe('a word the documents never write', () => {
  it('declines a question about what the docs hold, asking to do what they never say', async () => {
    const { text } = await askExtractive('Can docqa translate answers into French?', docsSearcher(WIDGET));
    expect(text).toBe(NOT_FOUND_ANSWER);
  });

  it('answers a question whose verb the docs never write from the section headed by its thing', async () => {
    // "draw" is written nowhere; the section headed "Mermaid" is what the docs say of diagrams.
    const diagrams = [
      passage(
        'guide/mermaid.md',
        'Mermaid',
        'Diagrams are written in a `mermaid` code block:\n\n```mermaid\ngraph TD;\n  A-->B;\n```',
        'Mermaid',
      ),
      passage(
        'guide/markdown.md',
        'Markdown › Code blocks',
        'Code blocks are highlighted by language.',
        'Markdown',
      ),
      passage('guide/pages.md', 'Pages', 'A page is a Markdown file under `pages/`.', 'Pages'),
    ];
    const { text } = await askExtractive(
      'How do I draw a Mermaid diagram in a page?',
      docsSearcher(diagrams),
    );
    expect(text).toContain('```mermaid');
  });

  it('answers a question whose verb another page writes, though the passages word it otherwise', async () => {
    const accessibility = passage(
      'accessibility.md',
      'Accessibility › Zoom',
      "Browsers increase the page's text with Ctrl and +.",
      'Accessibility',
    );
    const { text } = await askExtractive(
      "Can I increase the widget's font size?",
      docsSearcher(WIDGET, [accessibility]),
    );
    expect(text).toContain('--docqa-font-size: 18px');
  });

  it('answers a question whose verb is a typing slip of a word the passages hold', async () => {
    const { text } = await askExtractive(
      "Can I chnage the widget's font size?",
      docsSearcher([
        ...WIDGET.slice(0, 1),
        passage(
          'widget.md',
          'The chat widget › Styling',
          "Change the widget's font size with `--docqa-font-size`.",
          'The chat widget',
        ),
      ]),
    );
    expect(text).toContain('--docqa-font-size');
  });

  it('takes no word for a typing slip of another word the question writes itself ("build … xbuild")', async () => {
    // Homebrew's docs: "How do I build a multi-architecture Docker image with buildx?" quoted
    // the Linux support tier ("build", "Docker"), as "buildx" passed for a slip of "build".
    const build = passage(
      'widget.md',
      'The chat widget › Building',
      "Build the widget's bundle with `npm run build:widget`.",
      'The chat widget',
    );
    const { text } = await askExtractive(
      'How do I build the widget with xbuild?',
      docsSearcher([...WIDGET, build]),
    );
    expect(text).toBe(NOT_FOUND_ANSWER);
    const plain = await askExtractive('How do I build the widget?', docsSearcher([...WIDGET, build]));
    expect(plain.text).toContain('npm run build:widget');
  });

  it('declines a how-do-I whose thing, named after a name, the docs never write', async () => {
    // continuedev/continue: "How do I change the VS Code color theme?" quoted "Changes to Configs
    // Not Showing in VS Code", as "VS Code" stopped the reading of the thing at its names.
    const vscode = passage(
      'troubleshooting.md',
      'Troubleshooting › Changes to configs not showing in VS Code',
      'If you change a config but the changes do not show in VS Code, reload the VS Code window.',
      'Troubleshooting',
    );
    const { text } = await askExtractive(
      'How do I change the VS Code color theme?',
      docsSearcher([vscode, ...WIDGET]),
    );
    expect(text).toBe(NOT_FOUND_ANSWER);
    const window = await askExtractive(
      'How do I reload the VS Code window?',
      docsSearcher([vscode, ...WIDGET]),
    );
    expect(window.text).toContain('reload the VS Code window');
  });

  it('declines a what-question naming a thing the docs never write, its section about another', async () => {
    const docs = [
      passage(
        'knowledge-base.md',
        'Knowledge base › Versions',
        'Docs often come in versions (v1/v2, cloud/self-hosted). A search with a version costs ' +
          'about what one without does.',
        'Knowledge base',
      ),
      passage(
        'operations.md',
        'Operations › Hosting',
        'Run the API and the worker on one host.',
        'Operations',
      ),
      passage('api.md', 'API › Limits', 'Questions per minute and per month are limited per token.', 'API'),
    ];
    const question = 'What does the hosted cloud plan cost per month?';
    expect((await askExtractive(question, docsSearcher(docs))).text).toBe(NOT_FOUND_ANSWER);
    // Written on a page the search did not retrieve, the word is only worded otherwise there.
    const plans = passage('billing.md', 'Billing', 'Each plan is billed yearly.', 'Billing');
    expect((await askExtractive(question, docsSearcher(docs, [plans]))).text).not.toBe(NOT_FOUND_ANSWER);
  });

  it('does not look up the words of what the asker wants to follow ("so the SDK picks it up")', async () => {
    const keys = [
      passage(
        'configuration.md',
        'Configuration › Credentials',
        'Set your API key in the `DOCQA_API_KEY` environment variable, or in a `.env` file that the ' +
          'client reads when it starts.',
        'Configuration',
      ),
      ...WIDGET,
    ];
    const { text } = await askExtractive(
      'Where should I put my API key so the client picks it up?',
      docsSearcher(keys),
    );
    expect(text).toContain('DOCQA_API_KEY');
  });

  it('declines a how-do-I whose thing to act on the docs never write, nor its equivalents', async () => {
    // "widget" is held; "sound", what is to be turned off, is written nowhere.
    const { text } = await askExtractive('How do I turn off the widget sound?', docsSearcher(WIDGET));
    expect(text).toBe(NOT_FOUND_ANSWER);
    // "folder" is never written; its equivalent "directory" is, on a page the search did not retrieve.
    const storage = [
      passage(
        'storage.md',
        'Storage › Location',
        'Set `DATA_PATH` to move where the data is kept.',
        'Storage',
      ),
    ];
    const asked = 'How do I move the data folder?';
    expect((await askExtractive(asked, docsSearcher(storage))).text).toBe(NOT_FOUND_ANSWER);
    const dirs = passage('install.md', 'Install', 'The data directory holds the index.', 'Install');
    expect((await askExtractive(asked, docsSearcher(storage, [dirs]))).text).toContain('DATA_PATH');
  });
  it('declines a how-do-I whose thing to act on is named by a noun the docs never write', async () => {
    // "mode" is written nowhere either, but "dark" alone says the thing is another one.
    const styled = [
      ...WIDGET,
      passage(
        'widget.md',
        'The chat widget › Modes',
        'The widget opens in inline mode or as a bubble.',
        'The chat widget',
      ),
    ];
    const { text } = await askExtractive('How do I turn on dark mode in the widget?', docsSearcher(styled));
    expect(text).toBe(NOT_FOUND_ANSWER);
    // An adjective never written only says which size: the docs write sizes otherwise.
    const bigger = await askExtractive('How do I set a bigger font size?', docsSearcher(WIDGET));
    expect(bigger.text).toContain('--docqa-font-size');
  });

  it('declines a how-do-I asking it done in a form or by a means the docs never write', async () => {
    const spreadsheet = await askExtractive(
      'How do I export the answers as a spreadsheet?',
      docsSearcher(WIDGET),
    );
    expect(spreadsheet.text).toBe(NOT_FOUND_ANSWER);
    const voice = await askExtractive('Can the widget answer questions by voice?', docsSearcher(WIDGET));
    expect(voice.text).toBe(NOT_FOUND_ANSWER);
    // The means asked is written: the section answers.
    const variables = await askExtractive(
      "How do I set the widget's font size with variables?",
      docsSearcher(WIDGET),
    );
    expect(variables.text).toContain('--docqa-font-size');
  });

  it('declines asking to get a thing the docs never write', async () => {
    const email = await askExtractive(
      "How do I get an email when the widget's language changes?",
      docsSearcher(WIDGET),
    );
    expect(email.text).toBe(NOT_FOUND_ANSWER);
    const size = await askExtractive('How do I get a bigger font size in the widget?', docsSearcher(WIDGET));
    expect(size.text).toContain('--docqa-font-size');
  });

  it('declines a verb never written beside a time no retrieved passage holds', async () => {
    const updates = [
      passage(
        'update.md',
        'pnpm update',
        'pnpm update updates packages.\n\n```sh\npnpm update\n```',
        'pnpm update',
      ),
      passage('install.md', 'Install › Updating pnpm', 'To update pnpm, run `pnpm self-update`.', 'Install'),
      passage('ci.md', 'CI › Updates', 'Run pnpm update in CI to keep packages current.', 'CI'),
    ];
    // "nightly", a release channel, is written elsewhere: a keyword search for "night" finds it.
    const channels = [passage('env.md', 'Channels', 'Use the nightly channel for the newest builds.', 'Env')];
    const asked = 'How do I schedule pnpm update to run every night?';
    expect((await askExtractive(asked, docsSearcher(updates, channels))).text).toBe(NOT_FOUND_ANSWER);
    // Without the time, the verb never written is the asker's wording of what the pages do.
    const plain = await askExtractive('How do I schedule pnpm update?', docsSearcher(updates, channels));
    expect(plain.text).toContain('pnpm update');
    expect(plain.text).not.toBe(NOT_FOUND_ANSWER);
  });
});
