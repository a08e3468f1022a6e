/**
 * Turns MDX into the Markdown it reads as: ESM `import`/`export` statements and JSX comments
 * (`{/* … *\/}`) are dropped, JSX component tags (`<Note type="tip">`, `</Note>`, `<Video />`,
 * `<Tabs.Item>`, fragments) are dropped while the text between them is kept. Fenced code blocks
 * (quoted ones too) and inline code are left as they are, so examples that show MDX survive.
 */
/**
 * The quote marks a line of a block quote starts with (`> `, `> > `): a code block quoted in a
 * labelled callout (`> **Note:** …` above `> ```tsx`) is code all the same.
 */
const QUOTED = /^[ \t]{0,3}(?:>[ \t]?)+/;

export function stripMdx(source: string): string {
  const out: string[] = [];
  let prose: string[] = [];
  let fence: string | null = null;
  let depth = 0; // open brackets of an import/export statement being dropped
  const template = { open: false }; // inside a template literal of that statement, which may span lines
  const flush = () => {
    if (prose.length) out.push(stripJsx(prose.join('\n')));
    prose = [];
  };
  for (const line of source.split('\n')) {
    if (fence !== null) {
      out.push(line);
      if (line.replace(QUOTED, '').trim().startsWith(fence)) fence = null;
      continue;
    }
    if (depth > 0 || /^(import|export)\s/.test(line)) {
      depth = Math.max(0, depth + bracketBalance(line, template));
      continue;
    }
    const open = /^\s{0,3}(`{3,}|~{3,})/.exec(line.replace(QUOTED, ''));
    if (open) {
      flush();
      fence = open[1]!;
      out.push(line);
      continue;
    }
    prose.push(line);
  }
  flush();
  return out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * Opened minus closed brackets of a line, ignoring those inside string literals; a template
 * literal left open (`template`) goes on to the next line, as JavaScript reads it (an `export`
 * whose JSX passes `code={\`…\`}` over several lines).
 */
function bracketBalance(line: string, template: { open: boolean }): number {
  let balance = 0;
  let quote: string | null = template.open ? '`' : null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'" || c === '`') quote = c;
    else if ('{[('.includes(c)) balance++;
    else if ('}])'.includes(c)) balance--;
  }
  template.open = quote === '`';
  return balance;
}

/**
 * Removes component tags (`<Badge type="info" />`, `<ScrimbaLink …>`, MDX's and Vue's) and JSX
 * comments from prose, leaving the text between tags and inline code spans alone.
 */
export function stripJsx(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '`') {
      const run = /^`+/.exec(text.slice(i))![0];
      const close = text.indexOf(run, i + run.length);
      const end = close === -1 ? i + run.length : close + run.length;
      out += text.slice(i, end);
      i = end;
    } else if (c === '{' && text.startsWith('{/*', i)) {
      const close = text.indexOf('*/}', i);
      i = close === -1 ? text.length : close + 3;
    } else if (c === '<' && /^<\/?([A-Z][\w.]*|>)/.test(text.slice(i, i + 64))) {
      i = tagEnd(text, i);
    } else {
      out += c;
      i++;
    }
  }
  return out
    .split('\n')
    .map((line) => (line.trim() ? line : ''))
    .join('\n');
}

/** The index after the `>` closing the tag that starts at `start`, skipping `{…}` and quoted values. */
export function tagEnd(text: string, start: number): number {
  let braces = 0;
  let quote: string | null = null;
  for (let i = start + 1; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === quote) quote = null;
    } else if (braces > 0) {
      if (c === '{') braces++;
      else if (c === '}') braces--;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '{') braces++;
    else if (c === '>') return i + 1;
  }
  return text.length;
}

/** A JSX tag's attributes: a quoted value or a literal in braces as text, a bare name as `true`. */
export type JsxAttributes = Record<string, string | true>;

/** An attribute's text, trimmed; undefined when absent, empty or not text (a bare `required`). */
export function attributeText(value: string | true | undefined): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/**
 * The attributes of a JSX tag (`<Tab title="npm">`, `<ParamField query="limit" required>`,
 * `<TabItem label={'Yarn'}>`, or the text after its name): a string or number in quotes or braces
 * as its text; an expression (`icon={<img src="x" />}`) as itself.
 */
export function jsxAttributes(tag: string): JsxAttributes {
  const attributes: JsxAttributes = {};
  const inner = tag.replace(/^<\/?[\w.$]+/, '').replace(/\/?>\s*$/, '');
  const pattern =
    /([A-Za-z_$][\w$:.-]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|\{\s*(?:"([^"]*)"|'([^']*)'|`([^`]*)`|(-?\d+(?:\.\d+)?|true|false))\s*\}|(\{(?:[^{}]|\{[^{}]*\})*\})))?/g;
  for (const m of inner.matchAll(pattern)) {
    const value = m.slice(2).find((v) => v !== undefined);
    attributes[m[1]!] = value ?? true;
  }
  return attributes;
}
