import { commandBeforeOptions, listedCommand } from './option-list';
import type { ScoredSection } from './passage-choice';
import { sectionPassages } from './section-passage';
import { passage } from './testing/page-searcher';

const OPTIONS =
  '- **`--dialect hugo|docusaurus|mkdocs|markdown`** names the docs generator the Markdown files are written for.\n' +
  '- **`--include GLOB` / `--exclude GLOB`** (repeatable) choose files inside folders by their path.';
const GETTING_STARTED =
  'Ingest a folder of Markdown, MDX, HTML or text files into a knowledge base (a tenant):\n\n' +
  '```bash\nnpm run -s docqa -- ingest ./my-docs --tenant acme\n```';

/** Sections retrieved for "How do I ingest a folder of Markdown files?", scored as the answerer did. */
function ranked(rows: [string, string, string, number, number][]): ScoredSection[] {
  const results = rows.map(([doc, section, text]) => passage(doc, section, text));
  const docs = [...new Set(rows.map(([doc]) => doc))].map((doc) => ({
    passages: results.filter((r) => r.document_id === doc),
  }));
  const passages = sectionPassages(docs, new Map(results.map((r, i) => [r.chunk_id, i])));
  return rows.map(([doc, section, , score, fit]) => ({
    passage: passages.find((p) => p.chunk.document_id === doc && p.section === section)!,
    score,
    coverage: 1,
    defines: false,
    fit,
  }));
}

const order = (sections: ScoredSection[]) => sections.map((s) => s.passage.chunk.document_id);

describe('commandBeforeOptions', () => {
  const knowledgeBase: [string, string, string, number, number] = [
    'knowledge-base.md',
    'Knowledge base › What can be ingested',
    'docqa ingests Markdown and MDX.',
    1.48,
    1.15,
  ];

  it('puts a section that types the command before a list of that command’s options', () => {
    const sections = ranked([
      ['cli.md', 'Command line › ingest', OPTIONS, 2.14, 1.25],
      ['getting-started.md', 'Getting started › Ingest your own documents', GETTING_STARTED, 2.09, 1.35],
      knowledgeBase,
    ]);
    expect(order(commandBeforeOptions(sections))).toEqual([
      'getting-started.md',
      'cli.md',
      'knowledge-base.md',
    ]);
  });

  it('keeps the list first when no near tie types its command or does the task as much', () => {
    const far = ranked([
      ['cli.md', 'Command line › ingest', OPTIONS, 2.14, 1.25],
      ['getting-started.md', 'Getting started › Ingest your own documents', GETTING_STARTED, 1.2, 1.35],
    ]);
    expect(order(commandBeforeOptions(far))[0]).toBe('cli.md');
    const other = ranked([
      ['cli.md', 'Command line › ingest', OPTIONS, 2.14, 1.25],
      ['sync.md', 'Sources › Sync', '```bash\nnpm run -s docqa -- sources sync docs\n```', 2.09, 1.35],
    ]);
    expect(order(commandBeforeOptions(other))[0]).toBe('cli.md');
    const lessFit = ranked([
      ['cli.md', 'Command line › ingest', OPTIONS, 2.14, 1.25],
      ['getting-started.md', 'Getting started › Ingest your own documents', GETTING_STARTED, 2.09, 1.1],
    ]);
    expect(order(commandBeforeOptions(lessFit))[0]).toBe('cli.md');
  });

  it('keeps a first section that holds code or is headed by a topic', () => {
    const withCode = ranked([
      ['cli.md', 'Command line › ingest', '```bash\ndocqa ingest ./docs --tenant acme\n```', 2.14, 1.25],
      ['getting-started.md', 'Getting started › Ingest your own documents', GETTING_STARTED, 2.09, 1.35],
    ]);
    expect(order(commandBeforeOptions(withCode))[0]).toBe('cli.md');
    const topic = ranked([
      ['cli.md', 'Command line › Ingest options', OPTIONS, 2.14, 1.25],
      ['getting-started.md', 'Getting started › Ingest your own documents', GETTING_STARTED, 2.09, 1.35],
    ]);
    expect(order(commandBeforeOptions(topic))[0]).toBe('cli.md');
  });
});

describe('listedCommand', () => {
  it('is the command heading of a section of list items only', () => {
    const [list, prose] = ranked([
      ['cli.md', 'Command line › tokens revoke', OPTIONS, 1, 1],
      ['cli.md', 'Command line › ingest', 'Each source is a file, a folder or a URL.', 1, 1],
    ]);
    expect(listedCommand(list!.passage)).toBe('tokens revoke');
    expect(listedCommand(prose!.passage)).toBeUndefined();
  });
});
