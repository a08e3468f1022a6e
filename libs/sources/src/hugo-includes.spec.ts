import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withHugoIncludes } from './hugo-includes';
import { loadPaths } from './file-loader';

/** A Hugo content folder shaped like Hugo's own docs: a headless `_common` section of snippets. */
function hugoSite(): string {
  const site = mkdtempSync(join(tmpdir(), 'docqa-hugo-includes-'));
  mkdirSync(join(site, '_common/installation'), { recursive: true });
  mkdirSync(join(site, 'installation'));
  mkdirSync(join(site, 'glossary'));
  writeFileSync(
    join(site, '_common/_index.md'),
    '---\ncascade:\n  build:\n    list: never\n    render: never\n---\n\n<!-- snippets -->\n',
  );
  writeFileSync(
    join(site, '_common/installation/homebrew.md'),
    '---\n_comment: Do not remove front matter.\n---\n\n### Homebrew\n\nTo install Hugo:\n\n```sh\nbrew install hugo\n```\n',
  );
  writeFileSync(
    join(site, 'installation/macos.md'),
    [
      '---',
      'title: macOS',
      '---',
      '',
      '## Package managers',
      '',
      '{{% include "/_common/installation/homebrew.md" %}}',
      '',
      '{{< readfile file="port.md" >}}',
      '',
      '```md',
      '{{% include "/_common/installation/homebrew.md" %}}',
      '```',
      '',
      '{{% include "/_common/missing.md" %}}',
    ].join('\n'),
  );
  writeFileSync(join(site, 'installation/port.md'), '### MacPorts\n\n```sh\nsudo port install hugo\n```\n');
  writeFileSync(
    join(site, 'glossary/_index.md'),
    '---\ntitle: Glossary\nbuild:\n  render: always\ncascade:\n  build:\n    render: never\n---\n\nTerms.\n',
  );
  writeFileSync(join(site, 'glossary/bundle.md'), '---\ntitle: bundle\n---\n\nA page bundle.\n');
  writeFileSync(
    join(site, 'draft-note.md'),
    '---\ntitle: Note\nheadless: true\n---\n\n{{< note >}}Hi{{< /note >}}\n',
  );
  return site;
}

describe('Hugo include shortcodes and pages that are not rendered', () => {
  it('puts in the file an include or readfile shortcode names, from the content root or the page, not in code', async () => {
    const site = hugoSite();
    const page = join(site, 'installation/macos.md');
    const { readFileSync } = await import('node:fs');
    const text = await withHugoIncludes(readFileSync(page, 'utf8'), page, site);
    expect(text).toContain(
      '## Package managers\n\n### Homebrew\n\nTo install Hugo:\n\n```sh\nbrew install hugo\n```',
    );
    expect(text).toContain('### MacPorts\n\n```sh\nsudo port install hugo\n```');
    expect(text).toContain('```md\n{{% include "/_common/installation/homebrew.md" %}}\n```');
    expect(text).toContain('{{% include "/_common/missing.md" %}}');
    expect(text).not.toContain('_comment');
  });

  it("finds a path from / in the nearest folder above the page that holds it (a repository's content/en/)", async () => {
    const files = new Map([['/repo/content/en/_common/snippet.md', '---\n---\n\nFrom the snippet.']]);
    const read = async (path: string) => files.get(path);
    const text = await withHugoIncludes(
      '{{% include "/_common/snippet.md" %}}',
      '/repo/content/en/a/b/page.md',
      '/repo',
      read,
    );
    expect(text).toBe('From the snippet.');
    // Not above the folder it may read from.
    expect(
      await withHugoIncludes(
        '{{% include "/_common/snippet.md" %}}',
        '/repo/content/en/a/page.md',
        '/repo/content/en/a',
        read,
      ),
    ).toBe('{{% include "/_common/snippet.md" %}}');
  });

  it('loads a Hugo folder without the pages a cascade or their own front matter keep from rendering', async () => {
    const site = hugoSite();
    const { documents, skipped } = await loadPaths([site], {
      dialect: 'hugo',
      baseUrl: 'https://gohugo.io/',
    });
    // A section's cascade is for its descendants: its own page renders.
    expect(documents.map((d) => d.id).sort()).toEqual([
      '_common/_index.md',
      'glossary/_index.md',
      'installation/macos.md',
      'installation/port.md',
    ]);
    expect(documents.find((d) => d.id === 'installation/macos.md')!.content).toContain('brew install hugo');
    expect(skipped.map((s) => s.source.slice(site.length + 1)).sort()).toEqual([
      '_common/installation/homebrew.md',
      'draft-note.md',
      'glossary/bundle.md',
    ]);
    expect(skipped[0]!.reason).toMatch(/^a Hugo page that is not rendered/);
  });

  it("puts in a Grafana docs/shared snippet, and loads no file of a leaf bundle's folder but its page", async () => {
    // Grafana Loki's docs/sources: reference/loki-config-ref.md is a title and the shortcode; the
    // snippet lives in shared/, a headless leaf bundle (shared/index.md), at no URL of its own.
    const site = mkdtempSync(join(tmpdir(), 'docqa-hugo-shared-'));
    const write = (path: string, content: string) => {
      mkdirSync(join(site, path, '..'), { recursive: true });
      writeFileSync(join(site, path), content);
    };
    try {
      write('_index.md', '---\ntitle: Grafana Loki\n---\n\nLogs.\n');
      write('shared/index.md', '---\nheadless: true\n---\n');
      write(
        'shared/configuration.md',
        '---\ntitle: Configuration\n---\n\n## limits_config\n\nSet `retention_period`.\n',
      );
      write(
        'reference/loki-config-ref.md',
        [
          '---',
          'title: Configuration reference',
          '---',
          '',
          '{{< docs/shared lookup="configuration.md" source="loki" version="<LOKI_VERSION>" >}}',
          '',
          '{{< docs/shared source="alloy" lookup="agent-deprecation.md" version="next" >}}',
        ].join('\n'),
      );
      write('setup/guide/index.md', '---\ntitle: Guide\n---\n\nA leaf bundle page renders.\n');
      const { documents, skipped } = await loadPaths([site], {
        dialect: 'hugo',
        baseUrl: 'https://grafana.com/docs/loki/latest/',
      });
      expect(documents.map((d) => d.id).sort()).toEqual([
        '_index.md',
        'reference/loki-config-ref.md',
        'setup/guide/index.md',
      ]);
      const reference = documents.find((d) => d.id === 'reference/loki-config-ref.md')!.content;
      expect(reference).toContain('## limits_config\n\nSet `retention_period`.');
      expect(reference).not.toContain('docs/shared');
      expect(skipped.map((f) => f.source.slice(site.length + 1)).sort()).toEqual([
        'shared/configuration.md',
        'shared/index.md',
      ]);
    } finally {
      rmSync(site, { recursive: true, force: true });
    }
  });
});
