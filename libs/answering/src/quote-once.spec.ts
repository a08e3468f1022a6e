import type { SearchResult } from '@docqa/contracts';
import { ExtractiveAnswerer } from './extractive-answerer';
import { unsaid } from './quote-once';
import { units } from './section-passage';

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
