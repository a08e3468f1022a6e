import { referenceWords } from './reference-words';

/** Roles shown as code (`:command:`, `:file:`…); other roles show their text. */
const CODE_ROLES = new Set([
  'code',
  'command',
  'file',
  'samp',
  'kbd',
  'envvar',
  'program',
  'option',
  'literal',
]);

/**
 * reStructuredText inline markup as Markdown: ``` ``code`` ``` as a code span, `` `text <url>`_ ``
 * as a link, `:doc:` as a link to the page (relative, without its extension; another project's or
 * one named from the docs' root as its label or name), `:ref:` and other
 * roles as their text (code roles as code), a reference `` `text`_ `` as its text. Emphasis and
 * strong emphasis are the same in both.
 */
export function rstInline(text: string): string {
  const spans: string[] = [];
  const keep = (markdown: string) => {
    spans.push(markdown);
    return `\u0000${spans.length - 1}\u0000`;
  };
  return text
    .replace(/``(.+?)``/g, (_, code: string) => keep(`\`${code}\``))
    .replace(/:([\w:+-]+):`([^`]+)`/g, (_, role: string, body: string) => keep(role_(role, body)))
    .replace(/`([^`<]*?)\s*<([^>`]+)>`__?/g, (_, label: string, url: string) =>
      keep(label.trim() ? `[${label.trim()}](${url})` : `<${url}>`),
    )
    .replace(/`([^`]+)`__?/g, (_, label: string) => label)
    .replace(/`([^`]+)`/g, (_, label: string) => `*${label}*`)
    .replace(/\b([A-Za-z][\w-]*[A-Za-z0-9])_(?=[\s.,;:!?)]|$)/g, '$1')
    .replace(/\u0000(\d+)\u0000/g, (_, i: string) => spans[Number(i)]!);
}

/** A role's text as Markdown. */
function role_(role: string, body: string): string {
  const name = role.replace(/^\w+:/, '');
  const [, label, target] = /^(.*?)\s*<([^>]+)>$/.exec(body) ?? [null, body, null];
  if (name === 'doc') {
    const path = (target ?? body).trim();
    // Another project's page (intersphinx, `python:library/pdb`) or one named from the docs' root
    // (`/example/x`): where either is published is in the site's configuration, not the page.
    const project = /^([\w.-]+):/.exec(path)?.[1];
    if (!project && !path.startsWith('/'))
      return `[${target ? label!.trim() : referenceWords(path)}](${path.replace(/\.rst$/, '')})`;
    // Shown as its name: the page's last segment, or the project for its index (`pip:index`).
    const name = path
      .replace(/\.rst$/, '')
      .split(/[:/]/)
      .at(-1)!;
    return (target ? label! : name === 'index' && project ? project : name).trim();
  }
  // A code role's explicit target (`` :option:`--nf, --new-first <--nf>` ``) is where it links,
  // not what Sphinx shows.
  if (CODE_ROLES.has(name)) return `\`${(target ? label! : body).trim()}\``;
  const shown = (target ? label : body)!.trim().replace(/^~/, '');
  return name === 'ref' && !target ? shown.replace(/[-_]+/g, ' ') : shown;
}

/**
 * A grid table (`+---+---+` borders, `|` between cells) or a simple table (`=== ===` borders) as a
 * Markdown table: the first row is the header, a cell's lines joined by spaces.
 */
export function rstTable(lines: string[]): string {
  const rows = lines[0]!.trimStart().startsWith('+') ? gridRows(lines) : simpleRows(lines);
  const width = Math.max(0, ...rows.map((r) => r.length));
  const line = (cells: string[]) =>
    `| ${Array.from({ length: width }, (_, i) => rstInline(cells[i] ?? '').replace(/\|/g, '\\|')).join(' | ')} |`;
  const [header = [], ...body] = rows;
  return [line(header), line(Array(width).fill('---')), ...body.map(line)].join('\n');
}

function gridRows(lines: string[]): string[][] {
  const border = lines[0]!.trim();
  const edges = [...border].flatMap((c, i) => (c === '+' ? [i] : []));
  const indent = lines[0]!.search(/\S/);
  const rows: string[][] = [];
  let current: string[] | null = null;
  for (const raw of lines) {
    const line = raw.slice(indent);
    if (/^\+[-=+]+\+\s*$/.test(line)) {
      if (current) rows.push(current.map((c) => c.trim()));
      current = null;
      continue;
    }
    current ??= edges.slice(1).map(() => '');
    edges.slice(1).forEach((edge, i) => {
      current![i] += ` ${line.slice(edges[i]! + 1, edge).trim()}`;
    });
  }
  if (current) rows.push(current.map((c) => c.trim()));
  return rows;
}

function simpleRows(lines: string[]): string[][] {
  const border = lines[0]!;
  const columns = [...border.matchAll(/=+/g)].map((m) => m.index);
  const rows: string[][] = [];
  for (const line of lines) {
    if (/^\s*=[=\s]*$/.test(line) || /^\s*-[-\s]*$/.test(line)) continue;
    if (!line.trim()) continue;
    const cells = columns.map((start, i) => line.slice(start, columns[i + 1] ?? line.length).trim());
    // A line whose first cell is empty continues the row above.
    const last = rows.at(-1);
    if (!cells[0] && last) cells.forEach((c, i) => (last[i] = `${last[i] ?? ''} ${c}`.trim()));
    else rows.push(cells);
  }
  return rows;
}
