import type { SearchResult } from '@docqa/contracts';
import { ExtractiveAnswerer } from './extractive-answerer';
import { contextDocuments } from './citations';
import { isCopy, unsaid } from './quote-once';
import { sectionPassages, units } from './section-passage';

const section = (title: string, text: string, rank: number): SearchResult => ({
  document_id: title,
  chunk_id: `${title}#0`,
  title,
  url: null,
  text,
  score: 1 - rank / 10,
  metadata: {},
});

/** Two sections of a TV manual, the second a run-on line that ends with the first's sentence. */
const MANUAL = [
  section(
    'Learning the menu screen',
    'Learn the menus on the TV screen. Once enabled, your TV will tell you the ' +
      'structure and features of the menus you select.',
    0,
  ),
  section(
    'Learning the remote control',
    'This teaching mode helps you to learn the location of the buttons on the remote. Press the ' +
      'button twice to exit Learn TV Remote Learn Menu Screen : Learn the menus on the TV screen.',
    1,
  ),
];

it('never says a quoted sentence again inside a longer one of another section', async () => {
  const retriever = { search: async () => ({ results: MANUAL, took_ms: 0 }) };
  let text = '';
  for await (const c of new ExtractiveAnswerer(retriever).answer({
    tenant: 't',
    question: 'Where do I find the option of Learn Menu Screen?',
    history: [],
    filters: [],
  }))
    if (c.type === 'delta') text += c.text;
  expect(text).toContain('Learn the menus on the TV screen.');
  expect(text.split('Learn the menus on the TV screen.')).toHaveLength(2);
});

it('leaves out a lead-in whose code block an earlier quote already gave', () => {
  const command = '```bash\ncurl -X PUT https://docqa.example.com/api/v2/admin/integrations/slack\n```';
  const first = units(`Connect Slack with its signing secret and bot token:\n\n${command}`);
  const second = units(
    `Without the portal, post them to the admin integrations API:\n\n${command}\n\nSlack then reaches docqa in every channel.`,
  );
  expect(unsaid(second, first).map((u) => u.text)).toEqual(['Slack then reaches docqa in every channel.']);
});

it('keeps a tab’s label an earlier quote wrote above other code', () => {
  const first = units('Enable the dashboard:\n\n**File (TOML)**:\n\n```toml\n[api]\n```');
  const second = units(
    'You can enable the file provider as detailed below:\n\n**File (TOML)**:\n\n```toml\n' +
      '[providers.file]\n  directory = "/path/to/dynamic/conf"\n```',
  );
  expect(unsaid(second, first).map((u) => u.text)).toEqual(second.map((u) => u.text));
  // With its code said too, the label goes with it.
  expect(unsaid(first, first)).toEqual([]);
});

it('keeps a shorter command whose words a longer one quoted before holds', () => {
  const first = units('The option applies to many input files:\n\n```\n$ asciidoctor -D build *.adoc\n```');
  const second = units(
    'Use the glob operator to match every file in a single argument:\n\n```\n$ asciidoctor *.adoc\n```',
  );
  expect(unsaid(second, first).map((u) => u.text)).toEqual(second.map((u) => u.text));
  // A sentence that writes the command as code gave it already.
  const said = units('Run `asciidoctor *.adoc` to convert them all.');
  expect(unsaid(second, said)).toEqual([]);
});

describe('a copy of the best section', () => {
  const HOME =
    'Sound Mode You can select a sound mode to optimize your listening experience. To change the ' +
    'sound mode, press the Select button. To make fine adjustments, press the up directional ' +
    'button, and then select Equalizer Setup.';
  const EXPERT = section(
    'Configuring advanced sound settings',
    'Settings Sound Expert Settings. You can personalize the sound quality by adjusting the ' +
      'following settings. Balance. Equalizer. Audio Delay. Auto Volume.',
    2,
  );
  const OTHERS = [
    section('Changing a channel name', 'You can change the name of a channel.', 3),
    section('Changing the picture size', 'You can change the size of the picture.', 4),
  ];
  const ask = async (results: SearchResult[]) => {
    const retriever = { search: async () => ({ results, took_ms: 0 }) };
    let text = '';
    const cited: string[] = [];
    for await (const c of new ExtractiveAnswerer(retriever).answer({
      tenant: 't',
      question: 'How do I change the equalizer?',
      history: [],
      filters: [],
    }))
      if (c.type === 'delta') text += c.text;
      else if (c.type === 'sources') cited.push(...c.sources.filter((s) => s.cited).map((s) => s.title));
    return { text, cited };
  };

  it('is a section on a page of the same title, or one that says nearly nothing new', () => {
    const [displaying, using, expert] = sectionPassages(
      contextDocuments([
        section('Displaying the Home Screen', HOME, 0),
        section('Using the Home Screen', `${HOME} Sleep Timer.`, 1),
        EXPERT,
      ]),
      new Map(),
    );
    expect(isCopy(using!, displaying!)).toBe(true);
    expect(isCopy(expert!, displaying!)).toBe(false);
    const again = { ...expert!, doc: 5, chunk: { ...expert!.chunk, title: 'Displaying the Home Screen' } };
    expect(isCopy(again, displaying!)).toBe(true);
  });

  it('beside it leaves a brief place to the next section', async () => {
    const copied = await ask([
      section('Displaying the Home Screen', HOME, 0),
      section('Using the Home Screen', `${HOME} Sleep Timer You can have the TV turn off.`, 1),
      EXPERT,
      ...OTHERS,
    ]);
    expect(copied.cited[0]).toBe('Displaying the Home Screen');
    expect(copied.cited).toContain('Configuring advanced sound settings');
    expect(copied.text).toContain('Auto Volume');
    // A second section that says something else is the answer beside the first, the next is not.
    const other = await ask([
      section('Displaying the Home Screen', HOME, 0),
      section(
        'Using the Home Screen',
        'Speaker List You can change the equalizer of each speaker. To change it, press the Select button.',
        1,
      ),
      EXPERT,
      ...OTHERS,
    ]);
    expect(other.cited).not.toContain('Configuring advanced sound settings');
  });
});
