import { CodeFences } from './code-fences';
import { labelledBlock, labelledPart, labelOf } from './labelled-block';

/**
 * A MyST directive's opening fence (Sphinx's Markdown, `myst_parser`): ```` ```{note} ````,
 * ```` ```{code-block} python ````, `:::{tip}`; its argument after the name.
 */
const DIRECTIVE = /^(\s*)(`{3,}|~{3,}|:{3,})\{([\w:.-]+)\}[ \t]*(.*?)\s*$/;
/** A MyST role: `` {doc}`The basics <./the_basics>` ``, `` {option}`--fast` ``. */
const ROLE = /(?<![$\w`])\{([A-Za-z][\w:.-]*)\}`([^`\n]+)`/g;
/** A target above a heading, `(label)=`: Sphinx's anchor, not text. */
const TARGET = /^\s*\([\w:./-]+\)=\s*$/;
/** An option line of a directive's body, `:caption: Example`. */
const OPTION = /^\s*:[\w-]+:(\s|$)/;
/** Labels of admonitions other than their name's; a version directive's is followed by its argument. */
const ADMONITION_LABEL: Record<string, string> = {
  seealso: 'See also',
  versionadded: 'New in version',
  versionchanged: 'Changed in version',
  deprecated: 'Deprecated since version',
};
/** Directives whose body is shown as text, their argument above it (a tab's as its label). */
const TEXT =
  /^(eval-rst|rst|topic|sidebar|margin|epigraph|glossary|dropdown|card|tab-item|tab-set|grid|grid-item|grid-item-card|div|container|list-table|table|csv-table|math|centered|hlist|productionlist)$/;
const ADMONITIONS =
  /^(note|tip|hint|important|warning|caution|attention|danger|error|seealso|admonition|versionadded|versionchanged|deprecated)$/;
/** Directives whose body is code in the language of their argument. */
const CODE = /^(code-block|code|sourcecode|code-cell)$/;
/**
 * Directives that put in what the page's source does not hold (a table of contents, another
 * file, an image, a program's output, an object's generated reference): dropped.
 */
const MACHINERY =
  /^(toctree|contents|include|literalinclude|image|figure|program-output|command-output|raw|auto\w+|only)$/;
/**
 * Roles whose text is prose (a page, a label, a term…); any other's is code (`{option}`,
 * `{py:func}`, `{kbd}`), shown as a code span.
 */
const PROSE_ROLES = /^(doc|ref|term|any|numref|abbr|sub|sup|download)$/;

/** Whether Markdown holds MyST's markup: a directive fence, a target or a role. */
export function hasMyst(markdown: string): boolean {
  return /^\s*(`{3,}|:{3,})\{[\w:.-]+\}|^\s*\([\w:./-]+\)=\s*$/m.test(markdown) || markdown.search(ROLE) >= 0;
}

/**
 * MyST Markdown (Sphinx's `myst_parser`) as the Markdown its readers see: admonition directives
 * (`` ```{note} ``, `:::{tip}`, `` ```{admonition} Title ``) as labelled quotes, `code-block` as a
 * code block in its language, `rubric` as a bold line, directives that pull in what the page does
 * not hold (`toctree`, `include`, `image`, `auto…`) dropped, any other's body kept as text without
 * its `:option:` lines; roles as their text (`` {doc}`The basics <the_basics>` `` → "The basics",
 * a code role such as `` {option}`--fast` `` as `` `--fast` ``); targets `(label)=` dropped.
 */
export function normaliseMyst(markdown: string): string {
  return blocks(markdown.split('\n')).join('\n');
}

function blocks(lines: string[]): string[] {
  const out: string[] = [];
  const fences = new CodeFences();
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const directive = fences.inside ? null : known(DIRECTIVE.exec(line));
    if (!directive) {
      if (fences.read(line)) out.push(line);
      else if (!TARGET.test(line)) out.push(line.replace(ROLE, role));
      continue;
    }
    const [, indent = '', run = '', name = '', argument = ''] = directive;
    let end = i + 1;
    const closing = new RegExp(`^\\s*${run[0] === ':' ? ':' : `\\${run[0]}`}{${run.length},}\\s*$`);
    while (end < lines.length && !closing.test(lines[end]!)) end++;
    let body = lines.slice(i + 1, end);
    while (body.length && OPTION.test(body[0]!)) body = body.slice(1);
    out.push(...directiveText(name, argument, body).map((l) => (l ? indent + l : l)));
    i = end;
  }
  return out;
}

/**
 * A directive of Sphinx's or its usual extensions', not a code cell of another tool that writes
 * its language in braces (R Markdown's and Quarto's ```` ```{r} ````).
 */
function known(directive: RegExpExecArray | null): RegExpExecArray | null {
  const name = directive?.[3] ?? '';
  const ours = [ADMONITIONS, CODE, MACHINERY, TEXT].some((r) => r.test(name)) || name === 'rubric';
  return ours ? directive : null;
}

/** The lines a reader sees for directive `name` with its argument and body (options removed). */
function directiveText(name: string, argument: string, body: string[]): string[] {
  const text = blocks(body).join('\n');
  if (MACHINERY.test(name)) return [];
  if (CODE.test(name)) return ['```' + argument.split(/\s/)[0], ...body, '```'];
  if (name === 'rubric') return ['', `**${argument}**`, ''];
  if (ADMONITIONS.test(name)) {
    const versioned = name.startsWith('version') || name === 'deprecated';
    const own = name === 'admonition' || versioned ? argument : '';
    const label =
      name === 'admonition' ? own : `${ADMONITION_LABEL[name] ?? labelOf(name)}${versioned ? ` ${own}` : ''}`;
    const lead = own || !argument ? text : `${argument}\n\n${text}`;
    return ['', ...labelledBlock(label.trim() || labelOf(name), lead).split('\n'), ''];
  }
  if (name === 'tab-item') return ['', ...labelledPart(argument, text).split('\n'), ''];
  return ['', ...(argument ? [argument, ''] : []), text, ''];
}

/** A role as its text: the title of `Title <target>`, a code role's text as code. */
function role(_: string, name: string, content: string): string {
  const titled = /^(.*?)\s*<[^<>]+>$/.exec(content)?.[1];
  if (titled) return titled;
  return PROSE_ROLES.test(name.replace(/^\w+:(?=\w)/, ''))
    ? content.replace(/^[~!]/, '')
    : `\`${content.replace(/^[~!]/, '')}\``;
}
