import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GENERATORS } from './generators';
import { addSnippet, forInstallation, readRecipes } from './recipes';

const page = readFileSync(join(__dirname, '../../docs/widget-on-docs-sites.md'), 'utf8');

describe('the recipes of docs/widget-on-docs-sites.md', () => {
  it('gives each checked generator the files its section names', () => {
    const recipes = readRecipes(page);
    for (const g of GENERATORS) expect(recipes.has(g.recipe)).toBe(true);
    expect(recipes.get('Docusaurus')!.map((f) => f.path)).toEqual([
      'docusaurus.config.js',
      'src/chat-widget.js',
    ]);
    expect(recipes.get('Hugo')!.map((f) => f.path)).toEqual([
      'layouts/partials/chat-widget.html',
      'layouts/_default/baseof.html',
    ]);
    expect(recipes.get('MkDocs and Material for MkDocs')!.map((f) => f.path)).toEqual([
      'docs/javascripts/chat-widget.js',
      'overrides/main.html',
      'mkdocs.yml',
    ]);
    expect(recipes.get('Sphinx')!.map((f) => f.path)).toEqual([
      '_static/chat-widget.js',
      'conf.py',
      '_templates/layout.html',
    ]);
    expect(recipes.get('VitePress')!.map((f) => f.path)).toEqual(['.vitepress/theme/index.js']);
    expect(recipes.get('Jekyll')!.map((f) => f.path)).toEqual([
      '_includes/chat-widget.html',
      '_layouts/default.html',
    ]);
    expect(recipes.get('Nuxt (Nuxt Content, Docus)')!.map((f) => f.path)).toEqual([
      'plugins/chat-widget.client.ts',
    ]);
  });

  it('puts each recipe’s three parts on the page: settings, module script and container', () => {
    for (const [name, files] of readRecipes(page)) {
      const all = files.map((f) => f.content).join('\n');
      expect([name, all]).toEqual([name, expect.stringContaining('ASSISTANT_WIDGET')]);
      expect([name, all]).toEqual([name, expect.stringMatching(/type['"]?\s*[=:]\s*['"]module['"]/)]);
      expect([name, all]).toEqual([name, expect.stringMatching(/assistant['"]|id="assistant"/)]);
    }
  });

  it('puts a real installation’s address and token in place of the example’s', () => {
    const [file] = forInstallation(
      [{ path: 'a.js', content: "api_url: 'https://docqa.acme.com/api/v2/', api_token: 'dq_…'" }],
      'http://127.0.0.1:4000',
      'dq_abc',
    );
    expect(file!.content).toBe("api_url: 'http://127.0.0.1:4000/api/v2/', api_token: 'dq_abc'");
  });
});

describe('addSnippet', () => {
  it('adds to a template before </body>', () => {
    expect(addSnippet('baseof.html', '<body>\n<main></main>\n</body>\n', 'X\n')).toBe(
      '<body>\n<main></main>\nX\n</body>\n',
    );
  });

  it('adds to a JavaScript config object before its closing };', () => {
    expect(addSnippet('docusaurus.config.js', "export default {\n  title: 'A',\n};\n", '  b: 1,\n')).toBe(
      "export default {\n  title: 'A',\n  b: 1,\n};\n",
    );
  });

  it('adds to YAML or Python at the end, on a line of its own', () => {
    expect(addSnippet('mkdocs.yml', 'site_name: A', 'theme: x\n')).toBe('site_name: A\ntheme: x\n');
    expect(addSnippet('conf.py', "project = 'A'\n", 'x = 1\n')).toBe("project = 'A'\nx = 1\n");
  });
});
