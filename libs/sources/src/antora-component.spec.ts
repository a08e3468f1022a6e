import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { antoraComponent, antoraPagePath, componentFolder, withAttributes } from './antora-component';
import { asciidocHtml, asciidocTitle } from './asciidoc-html';
import { loadPaths } from './file-loader';
import { DIALECT_FIXTURES } from './testing/dialect-fixtures';

const COMPONENT = join(DIALECT_FIXTURES, 'antora');
const BASE = 'https://docs.example.org/acme/latest/';

describe('antoraComponent', () => {
  it("reads the descriptor's attributes, soft-set marks dropped and unset ones left out, with the page attributes Antora adds", () => {
    const { attributes } = antoraComponent(readFileSync(join(COMPONENT, 'antora.yml'), 'utf8'));
    expect(attributes).toEqual({
      'page-component-name': 'acme',
      'page-component-version': '2.1',
      'page-version': '2.1',
      'page-component-display-version': '2.1',
      'page-component-title': 'Acme Converter',
      'release-version': '2.1.0',
      'url-api-gems': 'https://www.rubydoc.info/gems',
      'url-org': 'https://github.com/acme',
    });
  });

  it("gives pages the version Debezium's `ifeval::['{page-version}' == 'master']` asks, and its display name", () => {
    const { attributes } = antoraComponent(
      "name: reference\nversion: 'master'\ndisplay_version: 'nightly'\n",
    );
    expect(attributes['page-version']).toBe('master');
    expect(attributes['page-component-display-version']).toBe('nightly');
  });
});

describe('Antora paths', () => {
  it('finds the component of a file by the modules folder its path goes through', () => {
    expect(componentFolder('/site/docs/modules/api/pages/index.adoc')).toBe('/site/docs');
    expect(componentFolder('/site/docs/guide/index.adoc')).toBeUndefined();
  });

  it("publishes a module's pages under the module's name, ROOT's at the top, index pages as their folder", () => {
    expect(antoraPagePath('/c/modules/ROOT/pages/index.adoc')).toBe('');
    expect(antoraPagePath('/c/modules/ROOT/pages/features.adoc')).toBe('features.html');
    expect(antoraPagePath('/c/modules/api/pages/index.adoc')).toBe('api/');
    expect(antoraPagePath('/c/modules/api/pages/guide/convert-files.adoc')).toBe(
      'api/guide/convert-files.html',
    );
    expect(antoraPagePath('/c/modules/install/partials/success.adoc')).toBeUndefined();
  });

  it('publishes pages as folders with html_extension_style: indexify (the folder style)', () => {
    expect(antoraPagePath('/c/modules/ROOT/pages/index.adoc', 'folder')).toBe('');
    expect(antoraPagePath('/c/modules/ROOT/pages/features.adoc', 'folder')).toBe('features/');
    expect(antoraPagePath('/c/modules/api/pages/index.adoc', 'folder')).toBe('api/');
    expect(antoraPagePath('/c/modules/api/pages/guide/convert-files.adoc', 'folder')).toBe(
      'api/guide/convert-files/',
    );
  });
});

describe('withAttributes', () => {
  it("puts the entries above the document's first line, so its title and its own entries still count", async () => {
    const source = withAttributes('\n= Guide\n:product: Acme Pro\n\n{product} {edition}.', {
      product: 'Acme',
      edition: 'Community',
    });
    expect(asciidocTitle(source)).toBe('Guide');
    expect(await asciidocHtml(source)).toContain('<p>Acme Pro Community.</p>');
  });
});

describe('an Antora component loaded from its modules folder', () => {
  let pages: Map<string, { url?: string; html: string }>;

  beforeAll(async () => {
    const { documents, failed } = await loadPaths([join(COMPONENT, 'modules')], { baseUrl: BASE });
    expect(failed).toEqual([]);
    pages = new Map();
    for (const doc of documents)
      pages.set(doc.id, { url: doc.url, html: (await asciidocHtml(doc.content)).replace(/\s+/g, ' ') });
  });

  it('links each page to where Antora publishes it', () => {
    expect(pages.get('ROOT/pages/index.adoc')!.url).toBe(BASE);
    expect(pages.get('api/pages/index.adoc')!.url).toBe(`${BASE}api/`);
    expect(pages.get('api/pages/convert-files.adoc')!.url).toBe(`${BASE}api/convert-files.html`);
  });

  it('links each page to its folder when the site is published in the folder style', async () => {
    const { documents } = await loadPaths([join(COMPONENT, 'modules')], {
      baseUrl: BASE,
      pageUrls: 'folder',
    });
    const url = (id: string) => documents.find((d) => d.id === id)?.url;
    expect(url('ROOT/pages/index.adoc')).toBe(BASE);
    expect(url('api/pages/convert-files.adoc')).toBe(`${BASE}api/convert-files/`);
  });

  it("resolves the descriptor's attributes in text, links and source blocks that ask for them", () => {
    const api = pages.get('api/pages/index.adoc')!.html;
    expect(api).toContain(
      '<a href="https://www.rubydoc.info/gems/acme/2.1.0" target="_blank" rel="noopener">Ruby API</a>',
    );
    expect(api).toContain('# =&gt; 2.1.0');
    // A partial is no page of its own: its text, attributes resolved, is where a page includes it.
    expect(pages.has('install/partials/success.adoc')).toBe(false);
    expect(pages.get('ROOT/pages/index.adoc')!.html).toContain('<code>Acme 2.1.0</code>');
    expect(pages.get('ROOT/pages/index.adoc')!.html).toContain('this is version 2.1.');
  });

  it('keeps what the page shows as written: an escaped reference, a source block without attributes', () => {
    const api = pages.get('api/pages/index.adoc')!.html;
    expect(api).toContain('written <code>{name}</code>');
    expect(api).toContain('puts "{not-an-attribute}"');
  });

  it('shows no reference to an attribute defined nowhere: a link starting with one keeps its text', () => {
    const root = pages.get('ROOT/pages/index.adoc')!.html;
    expect(root).toContain('see the release notes.');
    expect(root).not.toMatch(/\{url-project\}|attribute\.invalid|\/news/);
  });

  it('drops a reference to an attribute defined nowhere from the text', async () => {
    expect(await asciidocHtml('Write to {support-email} or {url-org}/acme/issues[file an issue].')).toContain(
      '<p>Write to  or file an issue.</p>',
    );
  });
});
