import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** A file of a recipe of docs/widget-on-docs-sites.md: where it goes in the site, and what it says. */
export interface RecipeFile {
  path: string;
  content: string;
}

/** A fenced code block whose info string names its file: ```js title="src/docqa-widget.js"``` */
const TITLED_FENCE = /^```[\w-]+ title="([^"]+)"\n([\s\S]*?)^```$/gm;

/** The example installation and token the page's snippets use. */
const EXAMPLE_URL = 'https://docqa.acme.com';
const EXAMPLE_TOKEN = 'dq_…';

/** The recipe of each generator on the page: the titled code blocks of its `## Name` section. */
export function readRecipes(markdown: string): Map<string, RecipeFile[]> {
  const recipes = new Map<string, RecipeFile[]>();
  for (const section of markdown.split(/^## /m).slice(1)) {
    const name = section.slice(0, section.indexOf('\n')).trim();
    const files = [...section.matchAll(TITLED_FENCE)].map((m) => ({ path: m[1]!, content: m[2]! }));
    if (files.length) recipes.set(name, files);
  }
  return recipes;
}

/** A recipe's files for a real installation: its address and token in place of the example's. */
export function forInstallation(files: RecipeFile[], baseUrl: string, token: string): RecipeFile[] {
  return files.map((f) => ({
    path: f.path,
    content: f.content.replaceAll(EXAMPLE_URL, baseUrl).replaceAll(EXAMPLE_TOKEN, token),
  }));
}

/**
 * The content of a site's file once the page's snippet for it is added, where the page says:
 * before `</body>` in a template, before the closing `};` of a JavaScript or TypeScript config
 * object, at the end of anything else (YAML, Python).
 */
export function addSnippet(path: string, existing: string, snippet: string): string {
  const at = path.endsWith('.html')
    ? existing.lastIndexOf('</body>')
    : /\.[cm]?[jt]s$/.test(path)
      ? existing.lastIndexOf('};')
      : -1;
  if (at < 0) return `${existing.replace(/\n?$/, '\n')}${snippet}`;
  return `${existing.slice(0, at)}${snippet}${existing.slice(at)}`;
}

/** Writes a recipe into a site's folder: new files created, the site's own files added to. */
export function applyRecipe(dir: string, files: RecipeFile[]): void {
  for (const file of files) {
    const target = join(dir, file.path);
    mkdirSync(dirname(target), { recursive: true });
    const content = existsSync(target)
      ? addSnippet(file.path, readFileSync(target, 'utf8'), file.content)
      : file.content;
    writeFileSync(target, content);
  }
}
