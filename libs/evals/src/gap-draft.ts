/** An existing section near a gap's questions. */
export interface NearSection {
  title: string;
  section?: string;
  url: string | null;
}

/** Most questions turned into headings of the skeleton. */
const SKELETON_HEADINGS = 8;

/**
 * A Markdown page drafted for a coverage gap (DESIGN §16): front matter marking it a draft, the
 * visitors' questions it must answer, the nearest existing sections linked, and a skeleton of
 * headings (one per question, at most eight) to fill in.
 */
export function draftMarkdown(title: string, questions: string[], near: NearSection[]): string {
  const place = (s: NearSection) =>
    s.section && s.section !== s.title ? `${s.title} › ${s.section}` : s.title;
  const link = (s: NearSection) => (s.url ? `[${escape(place(s))}](${s.url})` : escape(place(s)));
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
    '## Overview',
    '',
    '<!-- What this page covers, in two sentences. -->',
    '',
    ...questions
      .slice(0, SKELETON_HEADINGS)
      .flatMap((q) => [`## ${escape(oneLine(q))}`, '', '<!-- The answer. -->', '']),
  ].join('\n');
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
