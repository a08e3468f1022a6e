import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DocumentContentType } from '@docqa/contracts';
import { chunkMarkdown } from '@docqa/chunking';
import { toMarkdown } from '@docqa/ingest';
import { absoluteLinks, loadPaths, rewriteLinks } from '@docqa/sources';
import { CORPORA_DIR, corpusRoot, type DialectCorpus } from './dialect-corpora';

/**
 * A kind of generator machinery that must not reach a chunk (what answers quote): each finds its
 * occurrences in a chunk's text (`prose`: with code blocks and spans set aside, where markup is an
 * example shown to readers) or among its links' targets.
 */
export interface LeakKind {
  name: string;
  /** What it is, for the report. */
  about: string;
  /**
   * Where it looks: the chunk's prose, its whole text (code included), its link targets or the
   * URL of its page (where its answers link to; counted once per chunk).
   */
  in: 'prose' | 'text' | 'links' | 'page';
  pattern: RegExp;
  /**
   * The documents it is machinery in (`{name}` is text a reader sees in Markdown, `|kill|` too).
   * @defaultValue every document
   */
  types?: DocumentContentType[];
}

/** The machinery of the five generators of DESIGN §13 that their readers never see. */
export const LEAK_KINDS: LeakKind[] = [
  {
    name: 'attribute',
    about: 'AsciiDoc attribute reference `{name}`',
    in: 'prose',
    pattern: /(?<![{$%\\\w])\{[a-z][\w-]*\}(?!\})/g,
    types: ['text/asciidoc'],
  },
  {
    name: 'attribute-in-code',
    about: 'AsciiDoc attribute reference in an AsciiDoc source block',
    in: 'text',
    pattern: /\{(?:release-version|url-[\w-]+|[\w-]+-version|docname|docdir|doctitle|project-name)\}/g,
    types: ['text/asciidoc'],
  },
  {
    name: 'shortcode',
    about: 'Hugo shortcode `{{< >}}` / `{{% %}}` or template comment `{{/* */}}`',
    in: 'prose',
    pattern: /\{\{[<%/]|[>%/]\}\}/g,
  },
  {
    name: 'mdx',
    about: 'MDX import/export, JSX component or comment `{/* */}`, `:::` fence',
    in: 'prose',
    pattern: /^\s*(?:import|export)\s.+(?:from\s|=)|<\/?[A-Z]\w*[\s/>]|^\s*:::|\{\/\*/gm,
  },
  {
    name: 'mdc',
    about: 'Nuxt Content (MDC) component `::note`, `:read-more{…}`, closing `::`, or attributes `{lang=ts}`',
    in: 'prose',
    pattern:
      /(?<!\S)::[A-Za-z][\w-]*(?![\w-]|\s+[\w-]+=)|^[ \t>]*:{2,}[ \t]*$|(?<![\w:/]):[a-z][\w-]*(?:\[[^\]\n]*\])?\{[^}\n]*\}|\{lang=/gm,
  },
  { name: 'snippet', about: 'MkDocs `--8<--` snippet', in: 'text', pattern: /-{2}8<-{2}/g },
  {
    name: 'admonition',
    about: 'MkDocs `!!!`/`???` marker',
    in: 'prose',
    pattern: /^\s*(?:!!!|\?\?\?\+?)\s*[\w-]/gm,
  },
  {
    name: 'attr-list',
    about: 'attribute list `{: .class}` / `{ .class }`',
    in: 'prose',
    pattern: /\{:?\s*[.#][\w-]+(?:\s+[^}\n]*)?\}|\{:\s*[^}\n]*\}/g,
  },
  {
    name: 'rst-role',
    about: 'reST role `:ref:`/`:func:`… left as text',
    in: 'prose',
    pattern: /(?<![\w`]):[a-z][\w+-]*(?::[a-z][\w+-]*)?:`/g,
  },
  {
    name: 'rst-directive',
    about: 'reST directive `.. name::` or comment left as text',
    in: 'prose',
    pattern: /^\s*\.\.\s+[\w:-]+::/gm,
  },
  {
    name: 'substitution',
    about: 'reST `|substitution|` reference',
    in: 'prose',
    pattern: /(?<![|\\\w])\|[A-Za-z][\w .-]*[\w.]\|(?![|\w])/g,
    types: ['text/x-rst'],
  },
  {
    name: 'asciidoc-macro',
    about: 'AsciiDoc preprocessor line, `xref:`/`link:` macro or `<<id>>` cross reference',
    in: 'prose',
    pattern: /^\s*(?:ifn?def|endif|ifeval|include)::|\b(?:xref|link):\S*\[|<<[\w#.-]+(?:,[^>]*)?>>/gm,
  },
  { name: 'html-comment', about: 'HTML comment', in: 'prose', pattern: /<!--/g },
  {
    name: 'jinja-tag',
    about: 'Jinja tag of a MkDocs plugin `{% include-markdown %}`',
    in: 'prose',
    pattern: /\{%-?\s*[\w-]+/g,
  },
  {
    name: 'alert-marker',
    about: 'GitHub alert marker left as text (`> [!NOTE]`)',
    in: 'prose',
    pattern: /\[!(?:note|tip|important|warning|caution)\]/gi,
  },
  {
    name: 'html-embed',
    about: 'embedded media as HTML (`<iframe>`, `<img>`, `<figure>`)',
    in: 'prose',
    pattern: /<\/?(?:iframe|img|figure|video|audio|object|embed|picture)\b/gi,
  },
  {
    name: 'file-link',
    about: 'link to a source file (`.md`, `.adoc`, `.rst`, `_index`, `index.md`)',
    in: 'links',
    pattern: /\.(?:mdx?|markdown|adoc|asciidoc|rst)(?:[#?].*)?$|\/_index(?:[#?/].*)?$|(?:^|\/)index\.md/gi,
  },
  {
    name: 'xref-path',
    about:
      'cross-reference without text shown as its path: an Antora page id (`cli:index.html`), a `:doc:` link whose text is its path (`[how-to/fixtures](…/how-to/fixtures)`)',
    in: 'prose',
    pattern:
      /(?<![\w/.:-])(?:[\w-]+:)+(?!\/)[\w/.-]+\.(?:adoc|html)\b|\[([\w.-]+\/[\w./-]+)\]\([^)\s]*?\/\1\/?\)/g,
    types: ['text/asciidoc', 'text/x-rst'],
  },
  {
    name: 'unresolved-link',
    about:
      'link with no target, to a scheme no browser opens (`python:library/pdb`, an intersphinx name) or relative',
    in: 'links',
    pattern: /^(?!(?:https?|mailto|ftp|sftp|file):|\/\/)|^$/i,
  },
  {
    name: 'off-site-link',
    about: "link on the site's host but outside its base URL (a root-relative path resolved to the host)",
    in: 'links',
    pattern: /^(?!BASE)ORIGIN/,
  },
  {
    name: 'page-url',
    about: "page URL of a source path (Antora's `pages/`, `_index`, `index`, a file extension)",
    in: 'page',
    pattern: /\/pages\/|\/_index\b|\/index(?:\.\w+)?(?:[#?]|$)|\.(?:mdx?|adoc|rst)(?:[#?]|$)/i,
  },
  {
    name: 'encoded-link',
    about: 'link holding an encoded shortcode or attribute (`%7B`, `{`)',
    in: 'links',
    pattern: /%7B|%7D|[{}]/gi,
  },
];

/** A code block (in a list item or a block quote too) or code span (where markup is shown, not used). */
export const CODE =
  /^[ \t]*(?:>[ \t]?)*(`{3,}|~{3,})[^\n]*\n[\s\S]*?^[ \t]*(?:>[ \t]?)*\1[`~]*[ \t]*$|`[^`\n]+`/gm;

/** What a scan of one corpus found: per kind, how many and a few examples with their document. */
export interface LeakScan {
  corpus: string;
  chunks: number;
  counts: Record<string, number>;
  examples: Record<string, string[]>;
}

/** The link targets of a chunk. */
export function linksOf(text: string): string[] {
  const targets: string[] = [];
  rewriteLinks(text, (target) => {
    targets.push(target);
    return null;
  });
  return targets;
}

/**
 * The chunks of a corpus, made as the bench's ingestion makes them (the file loaders with the
 * corpus's base URL, `toMarkdown`, links made absolute, chunks of 1,200 characters), scanned for
 * each {@link LEAK_KINDS} kind.
 */
export async function scanCorpus(corpus: DialectCorpus): Promise<LeakScan> {
  const loaded = await loadPaths([corpusRoot(corpus)], {
    baseUrl: corpus.baseUrl,
    dialect: corpus.dialect,
    pageUrls: corpus.pageUrls,
  });
  const counts = Object.fromEntries(LEAK_KINDS.map((k) => [k.name, 0]));
  const examples: Record<string, string[]> = Object.fromEntries(LEAK_KINDS.map((k) => [k.name, []]));
  const site = new URL(corpus.baseUrl).origin;
  let chunks = 0;
  for (const doc of loaded.documents) {
    const markdown = await toMarkdown(doc.content, doc.content_type);
    const pieces = await chunkMarkdown(doc.url ? absoluteLinks(markdown, doc.url) : markdown, {
      size: 1200,
      overlap: 150,
    });
    for (const { text } of pieces) {
      chunks++;
      const prose = text.replace(CODE, '');
      // A link off the site (a GitHub file, another project) is the page it names, and so is one
      // its author wrote as it stands.
      const links = linksOf(text).filter(
        (l) => (!/^https?:/i.test(l) || l.startsWith(site)) && !doc.content.includes(`(${l})`),
      );
      for (const kind of LEAK_KINDS) {
        if (kind.types && !kind.types.includes(doc.content_type)) continue;
        const found =
          kind.in === 'page'
            ? [doc.url ?? ''].filter((url) => kind.pattern.test(url))
            : kind.in === 'links'
              ? links.filter((l) => sitePattern(kind.pattern, corpus.baseUrl).test(l))
              : [...(kind.in === 'prose' ? prose : text).matchAll(kind.pattern)].map((m) =>
                  context(kind.in === 'prose' ? prose : text, m.index),
                );
        counts[kind.name]! += found.length;
        const list = examples[kind.name]!;
        for (const f of found) if (list.length < 5) list.push(`${doc.id}: ${f}`);
      }
    }
  }
  return { corpus: corpus.name, chunks, counts, examples };
}

/** A link kind's pattern with the corpus's base URL and origin put in for `BASE` and `ORIGIN`. */
export function sitePattern(pattern: RegExp, baseUrl: string): RegExp {
  const quote = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const source = pattern.source
    .replace('BASE', quote(baseUrl))
    .replace('ORIGIN', quote(new URL(baseUrl).origin));
  return new RegExp(source, 'i');
}

/** The text around a match, on one line. */
function context(text: string, at: number): string {
  return text
    .slice(Math.max(0, at - 30), at + 50)
    .replace(/\s+/g, ' ')
    .trim();
}

/** Every committed corpus (the versioned one too), by name. */
export function allCorpora(): DialectCorpus[] {
  return readdirSync(CORPORA_DIR, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => JSON.parse(readFileSync(join(CORPORA_DIR, e.name, 'corpus.json'), 'utf8')) as DialectCorpus)
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The counts of scans as a Markdown table: one row per kind, one column per corpus. */
export function leakTable(scans: LeakScan[]): string {
  const head = `| kind | ${scans.map((s) => s.corpus).join(' | ')} |`;
  const rule = `|---|${scans.map(() => '--:').join('|')}|`;
  const rows = LEAK_KINDS.map((k) => `| ${k.name} | ${scans.map((s) => s.counts[k.name]).join(' | ')} |`);
  const chunks = `| (chunks) | ${scans.map((s) => s.chunks).join(' | ')} |`;
  return [head, rule, ...rows, chunks].join('\n');
}
