import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Router } from 'express';
import { demoDocsRoutes } from './demo-docs';
import { staticAssets } from './http/static-assets';

/** Strict CSP of the demo page: it proves the widget needs no inline script or style exception. */
const DEMO_CSP =
  "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

/**
 * Example questions of the demo page: the `demo` questions of the answer benchmark's docs set
 * (tools/bench/answers/docqa-docs-questions.json), which checks they are answered well.
 */
export const DEMO_EXAMPLES = [
  'How do I create a token?',
  'How do I embed the widget?',
  'Which settings does docqa read?',
];

/**
 * Serves the widget module at `/widget/assistant-widget.js` and, with a demo token, a demo page at
 * `/` that embeds the widget against the demo knowledge base the way a docs site would, and the
 * demo's docs pages (the sources its answers link to) under `/demo/docs/`.
 */
export function demoRoutes(
  router: Router,
  opts: { widgetDir?: string; demoToken?: string; docsDir?: string; basePath: string },
): void {
  const widgetDir = opts.widgetDir;
  if (widgetDir && existsSync(join(widgetDir, 'assistant-widget.js'))) {
    // Public files any docs site loads cross-origin; the lazily loaded chunks sit beside the module.
    router.use('/widget', staticAssets(widgetDir, { entryMaxAgeSeconds: 300, crossOrigin: true }));
  }
  // The icon browsers ask every page of the origin for (the portal, the demo, its docs).
  router.get(['/favicon.ico', '/favicon.svg'], (_req, res) => {
    res.type('image/svg+xml').setHeader('Cache-Control', 'public, max-age=86400');
    res.send(FAVICON_SVG);
  });
  router.get('/demo.css', (_req, res) => {
    res.type('text/css').setHeader('Cache-Control', 'public, max-age=300');
    res.send(DEMO_CSS);
  });
  if (!opts.demoToken) return;
  const token = opts.demoToken;
  if (opts.docsDir) demoDocsRoutes(router, { docsDir: opts.docsDir, csp: DEMO_CSP });
  router.get('/demo-config.js', (req, res) => {
    const config = {
      api_url: `${req.protocol}://${req.get('host')}${opts.basePath}/`,
      api_token: token,
      examples: DEMO_EXAMPLES,
      // The search page's widget: the docs site's search box (search mode) in its header.
      ...(req.query.mode === 'search' ? { mode: 'search', el: 'search' } : {}),
    };
    res.type('text/javascript').setHeader('Cache-Control', 'no-store');
    res.send(`window.ASSISTANT_WIDGET = ${JSON.stringify(config).replace(/</g, '\\u003c')};\n`);
  });
  router.get('/', (_req, res) => {
    res.setHeader('Content-Security-Policy', DEMO_CSP);
    res.type('html').send(DEMO_HTML);
  });
  router.get('/search', (_req, res) => {
    res.setHeader('Content-Security-Policy', DEMO_CSP);
    res.type('html').send(DEMO_SEARCH_HTML);
  });
}

/** docqa's icon: a speech bubble holding a question mark. */
const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><path fill="#2f5bd3" d="M6 3h20a4 4 0 0 1 4 4v13a4 4 0 0 1-4 4H14l-7 6v-6H6a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4z"/><text x="16" y="19.5" font-family="sans-serif" font-size="16" font-weight="700" fill="#fff" text-anchor="middle">?</text></svg>';

const DEMO_CSS = `body { font: 16px/1.6 system-ui, sans-serif; margin: 0; color: #1a1a1a; }
main { max-width: 760px; margin: 40px auto; padding: 0 16px; }
#assistant { margin-top: 24px; }
`;

const DEMO_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>docqa demo</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/demo.css">
</head>
<body>
<main>
<h1>docqa demo</h1>
<p>This page embeds the docqa widget exactly as a docs site would: a settings object, one module script and a
container. It answers from docqa's own documentation. Ask it with the button at the bottom right (the popup
mode; with <code>popup: false</code> the widget shows inline in its container instead).</p>
<p>The same widget as a docs site's search box (search mode): <a href="/search">the search demo</a>.</p>
<p>API reference: <a href="/api/v2/docs/swagger">Swagger UI</a> · <a href="/api/v2/docs/openapi.json">openapi.json</a></p>
<div id="assistant"></div>
</main>
<script src="/demo-config.js"></script>
<script type="module" src="/widget/assistant-widget.js"></script>
</body>
</html>
`;

/** The search demo: the widget in search mode, as a docs site's search box (Ctrl/Cmd-K opens it too). */
const DEMO_SEARCH_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>docqa search demo</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/demo.css">
</head>
<body>
<main>
<h1>docqa search demo</h1>
<div id="search"></div>
<p>The docqa widget in search mode, the docs site's search box: type to see docqa's own documentation
page by page as you type, or choose the first entry to ask. Ctrl-K (Cmd-K) opens it from anywhere.
Back to <a href="/">the chat demo</a>.</p>
</main>
<script src="/demo-config.js?mode=search"></script>
<script type="module" src="/widget/assistant-widget.js"></script>
</body>
</html>
`;
