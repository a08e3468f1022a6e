import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Router } from 'express';
import matter from 'gray-matter';
import { Marked } from 'marked';
import { HeadingAnchors } from '@docqa/chunking';

/** Where the demo serves docqa's own docs/; `npm start` ingests them with this base URL. */
export const DEMO_DOCS_PATH = '/demo/docs/';

/**
 * Files of docs/ that the demo does not ingest: the benchmarks are a log of measurements, whose
 * passages about search and answers outranked the pages a reader wants ("What is hybrid search?"
 * was answered with timings from a benchmark pass); the architecture is for docqa's developers,
 * its libs and paths no answer to a user's question.
 */
export const DEMO_DOCS_EXCLUDE = ['benchmarks.md', 'architecture.md'];

/**
 * Serves the Markdown pages of a docs folder as HTML under {@link DEMO_DOCS_PATH}, the way a docs
 * site publishes them (`cli.md` at `/demo/docs/cli`, `index.md` at the folder), with heading ids
 * made like the chunker's anchors. So the demo's sources, ingested with that base URL, are links
 * that open the right section without any network.
 */
export function demoDocsRoutes(router: Router, opts: { docsDir: string; csp: string }): void {
  router.get(/^\/demo\/docs\/(.*)$/, async (req, res, next) => {
    const page = String((req.params as Record<string, string>)[0] ?? '').replace(/\/$/, '');
    if (page && !/^[\w-]+(\/[\w-]+)*$/.test(page)) return next();
    const files = page ? [`${page}.md`, `${page}/index.md`] : ['index.md'];
    for (const file of files) {
      const markdown = await readFile(join(opts.docsDir, file), 'utf8').catch(() => null);
      if (markdown === null) continue;
      res.setHeader('Content-Security-Policy', opts.csp);
      res.type('html').send(renderPage(markdown));
      return;
    }
    next();
  });
}

/** A docs page as HTML: front matter dropped, `.md` links made page links, headings with ids. */
export function renderPage(source: string): string {
  const { content, data } = matter(source);
  const anchors = new HeadingAnchors();
  const marked = new Marked({
    renderer: {
      heading({ tokens, depth, text }) {
        return `<h${depth} id="${anchors.next(text)}">${this.parser.parseInline(tokens)}</h${depth}>\n`;
      },
    },
  });
  const body = marked.parse(content.replace(/\]\(([\w/-]+)\.mdx?(#[\w-]*)?\)/g, ']($1$2)'), { async: false });
  // The title the ingested document has too: the front matter's, else the first heading's.
  const heading = /^#{1,6}\s+(.+?)\s*#*\s*$/m.exec(content)?.[1];
  const title = typeof data.title === 'string' ? data.title : (heading ?? 'docqa docs');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title.replace(/[<&"]/g, '')} · docqa demo</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/demo.css">
</head>
<body>
<main>
<p><a href="/">docqa demo</a></p>
${body}
</main>
</body>
</html>
`;
}
