import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withIncludes } from './asciidoc-includes';
import { loadPaths } from './file-loader';

describe('withIncludes', () => {
  const site = mkdtempSync(join(tmpdir(), 'docqa-includes-'));
  const docs = join(site, 'docs');
  const write = (path: string, content: string) => {
    mkdirSync(join(docs, path, '..'), { recursive: true });
    writeFileSync(join(docs, path), content);
  };
  beforeAll(() => {
    write('antora.yml', 'name: tool\nversion: ~\n');
    write(
      'modules/install/partials/success.adoc',
      'To confirm that it is available, execute:\n\n $ tool --version\n',
    );
    write(
      'modules/html/partials/steps.adoc',
      '// tag::title[]\n= Title\n// end::title[]\n// tag::body[]\nThe body.\n// end::body[]\n',
    );
    write('modules/install/examples/sample.adoc', '= A sample document\n');
    write('modules/install/pages/shared/note.adoc', 'NOTE: Needs Ruby 3.\n');
    write(
      'modules/install/pages/linux.adoc',
      [
        '= Install on Linux',
        '',
        '== APT',
        '',
        ' $ sudo apt-get install -y tool',
        '',
        'include::partial$success.adoc[]',
        '',
        'include::html:partial$steps.adoc[tag=body]',
        '',
        'include::shared/note.adoc[]',
        'include::../../../../outside.adoc[]',
        'include::{partialsdir}/x.adoc[]',
      ].join('\n'),
    );
    writeFileSync(join(site, 'outside.adoc'), 'Secret.\n');
  });
  afterAll(() => rmSync(site, { recursive: true, force: true }));

  const page = join(docs, 'modules/install/pages/linux.adoc');
  const source = () =>
    withIncludes(
      [
        ' $ sudo apt-get install -y tool',
        'include::partial$success.adoc[]',
        'include::html:partial$steps.adoc[tag=body]',
        'include::example$sample.adoc[]',
        'include::shared/note.adoc[]',
        'include::../../../../outside.adoc[]',
        'include::{partialsdir}/x.adoc[]',
      ].join('\n'),
      page,
      docs,
    );

  it("puts in an Antora partial of the page's component with the tags it selects, not an example", async () => {
    const text = await source();
    expect(text).toContain(
      ' $ sudo apt-get install -y tool\nTo confirm that it is available, execute:\n\n $ tool --version\nThe body.\ninclude::example$sample.adoc[]',
    );
    expect(text).not.toMatch(/= Title|tag::|end::|A sample document/);
  });

  it('puts in a file named relative to the page, not one outside the folder or named by an attribute', async () => {
    const text = await source();
    expect(text).toContain('NOTE: Needs Ruby 3.');
    expect(text).not.toContain('Secret.');
    expect(text).toContain('include::../../../../outside.adoc[]\ninclude::{partialsdir}/x.adoc[]');
  });

  it('gives a loaded Antora page the text of what it includes, and loads no file that is no page', async () => {
    const { documents, skipped } = await loadPaths([join(docs, 'modules')]);
    const linux = documents.find((d) => d.id === 'install/pages/linux.adoc');
    expect(linux?.content).toContain('$ tool --version');
    expect(linux?.content).toContain('The body.');
    expect(documents.map((d) => d.id).sort()).toEqual([
      'install/pages/linux.adoc',
      'install/pages/shared/note.adoc',
    ]);
    expect(skipped.map((s) => s.source.split('modules/')[1]).sort()).toEqual([
      'html/partials/steps.adoc',
      'install/examples/sample.adoc',
      'install/partials/success.adoc',
    ]);
    expect(skipped[0]?.reason).toMatch(/^not an Antora page/);
    // A file named on its own is loaded whatever it is.
    const partial = await loadPaths([join(docs, 'modules/install/partials/success.adoc')]);
    expect(partial.documents).toHaveLength(1);
  });
});
