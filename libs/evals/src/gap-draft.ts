import type { WrittenDraft } from './gap-writer';

/** An existing section near a gap's questions. */
export interface NearSection {
  title: string;
  section?: string;
  url: string | null;
}

/** Most questions turned into headings of the skeleton. */
const SKELETON_HEADINGS = 8;

/** The headings of a gap page's body: an overview, then one per question (at most eight). */
export function skeletonHeadings(questions: string[]): string[] {
  return ['Overview', ...questions.slice(0, SKELETON_HEADINGS).map(oneLine)];
}

/** Where a section stands: its page, and its heading when that is not the page's title. */
export function sectionPlace(s: Pick<NearSection, 'title' | 'section'>): string {
  return s.section && s.section !== s.title ? `${s.title} › ${s.section}` : s.title;
}

/**
 * A Markdown page drafted for a coverage gap (DESIGN §16): front matter marking it a draft, the
 * visitors' questions it must answer, the nearest existing sections linked, then the body: the
 * model's first draft under a note naming the model when one was `written`, else a skeleton of
 * headings (overview, one per question, at most eight) to fill in, with a note when the model
 * failed.
 */
export function draftMarkdown(
  title: string,
  questions: string[],
  near: NearSection[],
  written?: WrittenDraft,
): string {
  const link = (s: NearSection) =>
    s.url ? `[${escape(sectionPlace(s))}](${s.url})` : escape(sectionPlace(s));
  return [
    '---',
    `title: ${JSON.stringify(title)}`,
    'draft: true',
    '---',
    '',
    `# ${escape(title)}`,
    '',
    `> **Draft** by docqa from ${questions.length} visitor question(s) the documentation did not answer.`,
    '> Write the answers, then remove this note.',
    '',
    '## Questions this page must answer',
    '',
    ...questions.map((q) => `- ${escape(oneLine(q))}`),
    '',
    '## Nearest existing sections',
    '',
    ...(near.length ? near.map((s) => `- ${link(s)}`) : ['- None close: this is a new topic.']),
    '',
    ...body(questions, written),
  ].join('\n');
}

function body(questions: string[], written: WrittenDraft | undefined): string[] {
  if (written?.ok)
    return [
      `> **Draft** written by ${escape(written.model)} from the nearest sections; check before merging.`,
      '',
      written.markdown,
      '',
    ];
  const [overview, ...headings] = skeletonHeadings(questions);
  return [
    ...(written
      ? [
          `> The model could not write a first draft (${escape(oneLine(written.reason).slice(0, 200))}); fill in the skeleton.`,
          '',
        ]
      : []),
    `## ${overview}`,
    '',
    '<!-- What this page covers, in two sentences. -->',
    '',
    ...headings.flatMap((h) => [`## ${escape(h)}`, '', '<!-- The answer. -->', '']),
  ];
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Markdown's inline specials escaped, so a visitor's text reads as written. */
function escape(text: string): string {
  return text.replace(/([\\`*_[\]<>#|])/g, '\\$1');
}

/** The evaluation set a gap's questions go into: `gap-` and a slug of its title. */
export function gapSetName(title: string): string {
  const slug = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 70);
  return `gap-${slug || 'questions'}`;
}
