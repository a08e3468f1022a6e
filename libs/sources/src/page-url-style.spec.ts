import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { configuredPageUrls, isSphinxConfiguration, mkdocsPageUrls } from './page-url-style';

describe('mkdocsPageUrls', () => {
  it('reads use_directory_urls beside the tags a YAML parser refuses', () => {
    const tags =
      'markdown_extensions:\n  - pymdownx.emoji:\n      emoji_index: !!python/name:material.twemoji\n';
    expect(mkdocsPageUrls(`site_name: Acme\n${tags}use_directory_urls: false\n`)).toBe('html');
    expect(mkdocsPageUrls('use_directory_urls: true # the default\n')).toBe('folder');
    expect(mkdocsPageUrls(`site_name: Acme\n${tags}`)).toBeUndefined();
    // A key of a nested mapping is not the site's setting.
    expect(mkdocsPageUrls('extra:\n  use_directory_urls: false\n')).toBeUndefined();
  });
});

describe('isSphinxConfiguration', () => {
  it("tells a Sphinx project's conf.py from another tool's", () => {
    expect(isSphinxConfiguration('# Configuration file for the Sphinx documentation builder.\n')).toBe(true);
    expect(isSphinxConfiguration('project = "Black"\nextensions = ["myst_parser"]\n')).toBe(true);
    expect(isSphinxConfiguration('html_theme = "furo"\n')).toBe(true);
    expect(isSphinxConfiguration('DEBUG = True\nbind = "0.0.0.0:8000"\n')).toBe(false);
  });
});

describe('configuredPageUrls', () => {
  it("finds an MkDocs site's configuration in the folder or above its docs folder, for MkDocs only", async () => {
    const project = mkdtempSync(join(tmpdir(), 'docqa-page-urls-'));
    mkdirSync(join(project, 'docs'));
    writeFileSync(join(project, 'mkdocs.yml'), 'site_name: Acme\nuse_directory_urls: false\n');
    expect(await configuredPageUrls(join(project, 'docs'), 'mkdocs')).toBe('html');
    expect(await configuredPageUrls(project, 'mkdocs')).toBe('html');
    expect(await configuredPageUrls(join(project, 'docs'), 'hugo')).toBeUndefined();
    expect(await configuredPageUrls(tmpdir(), 'mkdocs')).toBeUndefined();
  });

  it("publishes a Sphinx project's Markdown (MyST) pages as its html builder does", async () => {
    const project = mkdtempSync(join(tmpdir(), 'docqa-page-urls-'));
    try {
      mkdirSync(join(project, 'docs', 'guides'), { recursive: true });
      writeFileSync(join(project, 'docs', 'conf.py'), 'extensions = ["myst_parser"]\n');
      expect(await configuredPageUrls(join(project, 'docs'), 'markdown')).toBe('html');
      expect(await configuredPageUrls(join(project, 'docs', 'guides'), 'markdown')).toBe('html');
      expect(await configuredPageUrls(project, 'markdown')).toBeUndefined();
      expect(await configuredPageUrls(join(project, 'docs'), 'hugo')).toBeUndefined();
      // Another tool's conf.py does not make a Sphinx project.
      writeFileSync(join(project, 'docs', 'conf.py'), 'DEBUG = True\nALLOWED_HOSTS = ["*"]\n');
      expect(await configuredPageUrls(join(project, 'docs'), 'markdown')).toBeUndefined();
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });
});
