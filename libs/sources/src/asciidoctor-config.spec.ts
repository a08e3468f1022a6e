import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asciidocHtml } from './asciidoc-html';
import { AsciidoctorConfigs, attributeEntries, configPaths } from './asciidoctor-config';
import { loadPaths } from './file-loader';
import { UNPUBLISHED_DOTFILE, unpublishedReason } from './unpublished-files';

/** Debezium's `documentation/.asciidoctorconfig`, as it stands. */
const DEBEZIUM_CONFIG = [
  '// This file provides hints for an IDE how to render the preview, for example, in IntelliJ.',
  '// Duplicate values for the preview that are defined in another repository in the Antora playbook',
  ':prodname: Debezium',
  ":issues-url: 'https://github.com/debezium/dbz/issues'",
  '',
  ':product!:',
  ':linkcss:',
  ':stylesdir: https://debezium.io/documentation/debezium-antora/css',
  ':imagesdir: {asciidoctorconfigdir}/modules/ROOT/assets/images',
].join('\n');

describe('AsciiDoc preview configurations (.asciidoctorconfig)', () => {
  it('reads the attribute entries, an unset one as null, and not a path of the preview', () => {
    expect(Object.fromEntries(attributeEntries(DEBEZIUM_CONFIG))).toEqual({
      prodname: 'Debezium',
      'issues-url': "'https://github.com/debezium/dbz/issues'",
      product: null,
      linkcss: '',
      stylesdir: 'https://debezium.io/documentation/debezium-antora/css',
    });
    expect(attributeEntries(':!product:\n:edition!:').get('product')).toBeNull();
  });

  it('looks in the folder of the file and each one above it up to the top, furthest up first', () => {
    expect(configPaths('/site/docs/modules/ROOT/pages/x.adoc', '/site/docs/modules')).toEqual([
      '/site/docs/modules/.asciidoctorconfig',
      '/site/docs/modules/.asciidoctorconfig.adoc',
      '/site/docs/modules/ROOT/.asciidoctorconfig',
      '/site/docs/modules/ROOT/.asciidoctorconfig.adoc',
      '/site/docs/modules/ROOT/pages/.asciidoctorconfig',
      '/site/docs/modules/ROOT/pages/.asciidoctorconfig.adoc',
    ]);
    expect(configPaths('/a.adoc', '/')).toEqual(['/.asciidoctorconfig', '/.asciidoctorconfig.adoc']);
  });

  it('lets the nearer configuration win and take an attribute away', async () => {
    const files: Record<string, string> = {
      '/docs/.asciidoctorconfig': ':prodname: Debezium\n:edition: community\n',
      '/docs/ops/.asciidoctorconfig.adoc': ':prodname: Red Hat build of Debezium\n:edition!:\n',
    };
    const read = jest.fn(async (path: string) => files[path]);
    const configs = new AsciidoctorConfigs(read);
    expect(await configs.of('/docs/ops/server.adoc', '/')).toEqual({ prodname: 'Red Hat build of Debezium' });
    expect(await configs.of('/docs/intro.adoc', '/')).toEqual({ prodname: 'Debezium', edition: 'community' });
    // Each configuration is read once.
    expect(read.mock.calls.filter(([path]) => path === '/docs/.asciidoctorconfig')).toHaveLength(1);
  });

  it('is no page of its own, nor is any file named with a leading dot', () => {
    expect(unpublishedReason('docs/.asciidoctorconfig.adoc', undefined, undefined)).toBe(UNPUBLISHED_DOTFILE);
    expect(unpublishedReason('.github/CONTRIBUTING.md', 'markdown', undefined)).toBe(UNPUBLISHED_DOTFILE);
    expect(unpublishedReason('docs/guide.adoc', undefined, undefined)).toBeUndefined();
  });

  describe('in a folder load', () => {
    const site = mkdtempSync(join(tmpdir(), 'docqa-asciidoctorconfig-'));
    const write = (path: string, content: string) => {
      mkdirSync(join(site, path, '..'), { recursive: true });
      writeFileSync(join(site, path), content);
    };
    beforeAll(() => {
      write('documentation/.asciidoctorconfig', `${DEBEZIUM_CONFIG}\n:edition: community\n`);
      write('.asciidoctorconfig', ':prodname: Outside\n');
      write(
        'documentation/antora.yml',
        "name: reference\nversion: 'master'\nasciidoc:\n  attributes:\n    edition: nightly\n",
      );
      write(
        'documentation/modules/ROOT/pages/configuration/storage.adoc',
        '= Storing state of a {prodname} connector\n\nThe {prodname} {edition} connectors keep offsets.\n',
      );
      write('loose/guide.adoc', '= Guide\n\nUse {prodname}.\n');
    });
    afterAll(() => rmSync(site, { recursive: true, force: true }));

    it("gives an Antora page the attributes its playbook's preview copy sets, below its component's", async () => {
      for (const root of ['documentation', 'documentation/modules']) {
        const { documents } = await loadPaths([join(site, root)]);
        const page = documents.find((d) => d.id.endsWith('configuration/storage.adoc'));
        expect(page?.title).toBe('Storing state of a Debezium connector');
        const html = await asciidocHtml(page!.content);
        expect(html).toContain('Storing state of a Debezium connector');
        expect(html).toContain('The Debezium nightly connectors keep offsets.');
      }
    });

    it('reads no configuration above the folder loaded for a page of no Antora component', async () => {
      const { documents } = await loadPaths([join(site, 'loose')]);
      expect(await asciidocHtml(documents[0]!.content)).toContain('<p>Use .</p>');
    });
  });
});
