import { fenceIndentedCode } from './indented-code';
import { dedent, labelOf, labelledBlock, labelledPart } from './labelled-block';
import { CodeFences } from './code-fences';
import { withHeadingIds, type HeadingIdRules } from './heading-ids';

/**
 * `!!! note "Title"`, `??? tip`, `???+ warning ""`, with extra classes after the kind; the space
 * after the marker is optional, as Python Markdown has it (`!!!info "Kubernetes"`).
 */
const ADMONITION = /^(\s*)(!!!|\?\?\?\+?)\s*([\w-]+)(?:\s+[\w-]+)*\s*(?:"([^"]*)")?\s*$/;
/**
 * A line holding a plugin's Jinja tag alone (`{% include-markdown "includes/x.md" %}`): like a
 * snippet, its file is a document of its own, not followed.
 */
const JINJA_TAG = /^\s*\{%-?\s*[\w-]+\b[^\n]*?-?%\}\s*$/;
/**
 * FastAPI's include of an example file on a line of its own (`{* ../../docs_src/cors/tutorial001.py
 * hl[2] *}`, a hook of its site build): its file is outside the docs folder, so the line is
 * dropped, as a snippet marker is.
 */
const HOOK_INCLUDE = /^\s*\{\*\s+\S+\.\w+\b[^\n]*\*\}\s*$/;
/** A content tab: `=== "Linux"`, `===! "First"`, `===+ "Selected"`. */
const TAB = /^(\s*)===[!+]?\s+"([^"]*)"\s*$/;
/**
 * A code block that is a tab of its own (the `tab="File (YAML)"` of a fence's info string, as
 * Traefik's docs write their File / Labels / CLI examples): consecutive ones show as one tab set.
 */
const TAB_FENCE = /^(\s*)(`{3,}|~{3,})([^`\s]*)\s+tab="([^"]*)"\s*$/;
/**
 * A block of PyMdown's Blocks extension: `/// tip`, `/// details | Summary`, `//// tab | Python
 * 3.10+`, closed by a line of as many slashes (`///`); options as indented `key: value` lines
 * right below its header (`    type: warning`).
 */
const SLASH_BLOCK = /^(\s*)(\/{3,})\s*([\w-]+)\s*(?:\|\s*(.*?))?\s*$/;
/**
 * mkdocstrings' `::: package.module.Name` (with its indented `options:` below): the site puts the
 * object's generated API reference there, which is not in the page's source; the line is dropped.
 */
const AUTODOC = /^(\s*):::\s+[A-Za-z_][\w.]*\s*$/;
/** Blocks of PyMdown's Blocks extension that show their body as it is (a figure's caption…). */
const PLAIN_BLOCKS = new Set(['caption', 'html', 'define']);

/**
 * MkDocs (Material) content as a reader sees it: `!!!`/`???` admonitions with their indented
 * bodies as labelled quotes, content tabs `=== "Tab"` and code blocks of a tab set
 * (`` ```yaml tab="File (YAML)" ``) as labelled parts, PyMdown's Blocks (`/// tip`, `/// details
 * | Summary`, `//// tab | Python`) as labelled quotes and parts; mkdocstrings' `::: name`, snippet
 * markers (`--8<--`), FastAPI's `{* file *}`, plugins' Jinja tags on a line of their own
 * (`{% include-markdown %}`) and attribute lists (`{ .class }`) dropped, indented code fenced;
 * headings get the anchors MkDocs gives them (`{#id}`), a custom `{ #id }` kept.
 */
export function normaliseMkdocs(markdown: string): string {
  const text = fenceIndentedCode(blocks(markdown.split('\n')).join('\n'));
  return withHeadingIds(text, MKDOCS_IDS).replace(/\n{3,}/g, '\n\n');
}

/** Admonitions, tabs and snippet markers of a run of lines (bodies handled recursively). */
function blocks(lines: string[]): string[] {
  const out: string[] = [];
  const fences = new CodeFences();
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const tabFence = fences.inside ? null : TAB_FENCE.exec(line);
    if (tabFence) {
      const [, indent, run, info] = tabFence;
      const label = labelledPart(tabFence[4]!, '').trimEnd();
      out.push('', indent + label, '', `${indent}${run}${info}`);
      fences.read(line);
      continue;
    }
    if (fences.read(line)) {
      out.push(line);
      continue;
    }
    if (
      /^\s*-{2}8<-{2}/.test(line) ||
      /^\s*\[TOC\]\s*$/.test(line) ||
      JINJA_TAG.test(line) ||
      HOOK_INCLUDE.test(line)
    )
      continue;
    const autodoc = AUTODOC.exec(line);
    if (autodoc) {
      const indent = autodoc[1]!.length;
      while (i + 1 < lines.length && /^\s/.test(lines[i + 1]!) && lines[i + 1]!.search(/\S/) > indent) i++;
      continue;
    }
    const slashBlock = SLASH_BLOCK.exec(line);
    if (slashBlock) {
      const end = slashBlockEnd(lines, i, slashBlock[2]!.length);
      out.push('', ...slashBlockText(slashBlock, lines.slice(i + 1, end)).split('\n'), '');
      i = end;
      continue;
    }
    const admonition = ADMONITION.exec(line);
    const tab = admonition ? null : TAB.exec(line);
    const opener = admonition ?? tab;
    if (!opener) {
      out.push(line);
      continue;
    }
    const end = bodyEnd(lines, i, opener[1]!.length);
    const body = blocks(dedent(lines.slice(i + 1, end).join('\n')).split('\n')).join('\n');
    const block = admonition
      ? labelledBlock(admonition[4] || labelOf(admonition[3]!), body)
      : labelledPart(tab![2]!, body);
    out.push('', ...block.split('\n').map((l) => opener[1]! + l), '');
    i = end - 1;
  }
  return out;
}

/**
 * The index of the line closing the block of PyMdown's Blocks opened at `start` with `slashes`
 * slashes (a nested block of as many slashes opens and closes within it), or the page's end.
 */
function slashBlockEnd(lines: string[], start: number, slashes: number): number {
  const fences = new CodeFences();
  let depth = 1;
  for (let j = start + 1; j < lines.length; j++) {
    if (fences.read(lines[j]!)) continue;
    const run = /^\s*(\/{3,})(\s*[\w-]*)/.exec(lines[j]!);
    if (run?.[1]!.length !== slashes) continue;
    depth += run[2]!.trim() ? 1 : -1;
    if (depth === 0) return j;
  }
  return lines.length;
}

/**
 * A block of PyMdown's Blocks as a reader sees it: an admonition or `details` as a labelled quote
 * (its title, else its `type:` option's or its own name), a `tab` as a labelled part, a caption's
 * or an HTML block's body as it is.
 */
function slashBlockText(header: RegExpExecArray, lines: string[]): string {
  const [, indent = '', , name = '', title = ''] = header;
  let options = 0;
  while (options < lines.length && /^\s+[\w-]+:(\s|$)/.test(lines[options]!)) options++;
  const type = lines
    .slice(0, options)
    .map((l) => /^\s+type:\s*(\S+)/.exec(l)?.[1])
    .find(Boolean);
  const body = blocks(dedent(lines.slice(options).join('\n')).split('\n')).join('\n');
  const block =
    name === 'tab'
      ? labelledPart(title, body)
      : PLAIN_BLOCKS.has(name)
        ? body.trim()
        : labelledBlock(
            title || labelOf(name === 'admonition' || name === 'details' ? (type ?? name) : name),
            body,
          );
  return block
    .split('\n')
    .map((l) => (l ? indent + l : l))
    .join('\n');
}

/** The index after the indented body of the block opened at `start`, blank lines within kept. */
function bodyEnd(lines: string[], start: number, indent: number): number {
  let end = start + 1;
  for (let j = start + 1; j < lines.length; j++) {
    const line = lines[j]!;
    if (!line.trim()) continue;
    if (line.replace(/\t/g, '    ').search(/\S/) < indent + 4) break;
    end = j + 1;
  }
  return end;
}

/** Python Markdown's `slugify` of a heading's text, its inline Markdown removed. */
export function mkdocsSlug(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/[`*~]/g, '')
    .normalize('NFKD')
    .replace(/[^\x00-\x7f]/g, '')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[-\s]+/g, '-');
}

/** MkDocs' heading ids (Python Markdown's `toc`): its slug, `_1`, `_2`… for repeats. */
const MKDOCS_IDS: HeadingIdRules = { slug: mkdocsSlug, repeat: (slug, n) => `${slug}_${n}` };
