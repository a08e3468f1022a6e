import type { SearchResult } from '@docqa/contracts';
import { rankSections, termWeights } from './passage-choice';
import { intentFit, questionIntent } from './question-intent';
import { sectionPassages } from './section-passage';
import { askExtractive, pageSearcher, passage } from './testing/page-searcher';
import { terms } from './text';

/** rclone's docs: a backend's flag section, a backend's configuration, and a command's page. */
const FAST_LIST = passage(
  'b2.md',
  'Backblaze B2 › Configuration › --fast-list',
  'This remote supports `--fast-list` which allows you to use fewer transactions in exchange ' +
    'for more memory. See the [rclone docs](https://rclone.org/docs/#fast-list) for more details.',
  'Backblaze B2',
);
const UNION_CONFIG = passage(
  'union.md',
  'Union › Configuration',
  'Here is an example of how to make a union called `remote` for local folders. First run:\n\n' +
    '```console\nrclone config\n```\n\nThis will guide you through an interactive setup process:\n\n' +
    '```text\nNo remotes found, make a new one?\nn) New remote\ns) Set configuration password\n' +
    'q) Quit config\nn/s/q> n\nname> remote\n```',
  'Union',
);
const LISTREMOTES = passage(
  'commands/rclone_listremotes.md',
  'rclone listremotes',
  'List all the remotes in the config file and defined in environment variables.',
  'rclone listremotes',
);
const SYNOPSIS = passage(
  'commands/rclone_listremotes.md',
  'rclone listremotes › Synopsis',
  'Lists all the available remotes from the config file, or the remotes matching an optional ' +
    'filter.\n\n```\nrclone listremotes [<filter>] [flags]\n```',
  'rclone listremotes',
);

/** The sections of `results` (in rank order) ranked for `question`, their pages first to last. */
function rankedPages(question: string, results: SearchResult[]): string[] {
  const passages = sectionPassages(
    results.map((r) => ({ passages: [r] })),
    new Map(results.map((r, i) => [r.chunk_id, i])),
  );
  const weights = termWeights([...new Set(terms(question))], passages);
  return rankSections(passages, weights, 'how', questionIntent(question)).map((s) => s.passage.section);
}

describe('a heading that names two of the question’s words run together', () => {
  it('reads them from a name its text vouches for, as term pairs of its headings', () => {
    const [page] = sectionPassages([{ passages: [LISTREMOTES] }], new Map());
    expect([...page!.ownJoinedPairs]).toEqual(['list remot']);
    expect([...page!.joinedPairs]).toEqual(['list remot']);
    // The text does not write "fast" and "list" as one word's parts: nothing is read.
    const [flag] = sectionPassages([{ passages: [FAST_LIST] }], new Map());
    expect(flag!.joinedPairs.size).toBe(0);
  });

  it('ranks the command page named by the asked words over sections holding them apart', () => {
    const question = 'How do I list the remotes I have configured?';
    const ranked = rankedPages(question, [UNION_CONFIG, LISTREMOTES, FAST_LIST]);
    expect(ranked[0]).toBe('rclone listremotes');
  });

  it('quotes that command page’s command', async () => {
    const retriever = pageSearcher([UNION_CONFIG, FAST_LIST, LISTREMOTES], [LISTREMOTES, SYNOPSIS]);
    const { text, cited } = await askExtractive('How do I list the remotes I have configured?', retriever);
    expect(text).toContain('rclone listremotes');
    expect(cited[0]).toBe('commands/rclone_listremotes.md');
  });

  it('counts the split words only when the question writes them in a row', () => {
    // "filenames" is "file names" to its text.
    const restricted = passage(
      'overview.md',
      'Overview › Restricted filenames',
      'Some cloud storage systems might have restrictions on the characters that are usable in ' +
        'file names. A file name that holds them is encoded.',
      'Overview',
    );
    const [page] = sectionPassages([{ passages: [restricted] }], new Map());
    expect([...page!.ownJoinedPairs]).toEqual(['fil nam']);
    const unsplit = { ...page!, joinedPairs: new Set<string>(), ownJoinedPairs: new Set<string>() };
    const score = (question: string, section: typeof page) => {
      const weights = termWeights([...new Set(terms(question))], [section!]);
      return rankSections([section!], weights, 'trouble')[0]!.score;
    };
    const inRow = 'Why does rclone change the characters of my file names?';
    expect(score(inRow, page)).toBeGreaterThan(score(inRow, unsplit));
    const apart = 'Why does a file get another name when it is copied?';
    expect(score(apart, page)).toBeCloseTo(score(apart, unsplit));
  });
});

describe('intentFit with a flag or a run-together name in the heading', () => {
  it('does not take a flag’s word for the task, and takes a command name’s', () => {
    const [flag, command] = sectionPassages(
      [{ passages: [FAST_LIST] }, { passages: [LISTREMOTES] }],
      new Map(),
    );
    const intent = questionIntent('How do I list the remotes I have configured?');
    // `--fast-list` names listing; its prose writes the flag, which the verb matches (+0.1).
    expect(intentFit(flag!, intent)).toBeCloseTo(1.1);
    expect(intentFit(command!, intent)).toBeCloseTo(1.25);
  });
});
