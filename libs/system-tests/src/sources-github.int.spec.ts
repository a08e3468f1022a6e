import type { Redis } from 'ioredis';
import type { SourceRecord, SyncRecord } from '@docqa/contracts';
import { startGitHubStandIn, type GitHubStandIn } from '@docqa/sync/testing';
import { deletePrefix, testPrefix, testRedis } from '@docqa/testing';
import { startStack, type Stack } from './testing/start-stack';

describe('github sources (against a local stand-in of the GitHub REST API)', () => {
  let stack: Stack;
  let redis: Redis;
  let github: GitHubStandIn;
  let headers: Record<string, string>;
  const prefix = testPrefix('github');

  beforeAll(async () => {
    redis = testRedis();
    github = await startGitHubStandIn();
    stack = await startStack({
      prefix,
      env: {
        SOURCES_ALLOW_PRIVATE_NETWORKS: 'true',
        GITHUB_API_URL: github.url,
        SECRETS_KEY: 'test secrets key, 32 characters.',
      },
    });
    const token = await stack.createToken({ tenant: 'acme', scopes: ['ingest', 'search'] });
    headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  });
  afterAll(async () => {
    await stack.close();
    await github.close();
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  const call = (path: string, init: RequestInit = {}) => fetch(stack.apiUrl + path, { ...init, headers });
  const create = async (body: object) => {
    const res = await call('sources/', { method: 'POST', body: JSON.stringify(body) });
    expect(res.status).toBe(201);
    return (await res.json()) as SourceRecord;
  };
  const documents = async () =>
    ((await (await call('documents/?limit=200')).json()) as { documents: { id: string; url: string }[] })
      .documents;

  /** A keyword search's passages. */
  const search = async (query: string) =>
    (
      (await (
        await call('rag/search/', { method: 'POST', body: JSON.stringify({ query, search_mode: 'keyword' }) })
      ).json()) as { results: { text: string; url: string }[] }
    ).results;
  /** The text of a keyword search's first passage. */
  const text = async (query: string) => (await search(query))[0]!.text;

  /** Syncs the source now and waits for the sync to end. */
  async function sync(id: string): Promise<SyncRecord> {
    const { job_id } = await (await call(`sources/${id}/sync`, { method: 'POST' })).json();
    for (;;) {
      const record = (await (await call(`sources/${id}`)).json()) as SourceRecord;
      const done = record.syncs?.find((s) => s.job_id === job_id);
      if (done && (done.status === 'completed' || done.status === 'failed')) return done;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it('syncs the Markdown, MDX and text files of a branch, re-reading only changed blobs', async () => {
    github.repos.set('acme/docs', {
      default_branch: 'main',
      branches: {
        main: {
          'README.md': '# Docs\n\nWelcome to the docs. Read [the guide](docs/guide.md#setup) first.',
          'docs/guide.md': '# Guide\n\nInstall with npm ci.',
          'docs/intro.mdx': "import X from 'x'\n\n# Intro\n\n<X />\n\nWhat docqa is.",
          'notes.txt': 'Plain notes.',
          'windows.txt': Buffer.concat([
            Buffer.from([0xff, 0xfe]),
            Buffer.from('Notes saved as Unicode.', 'utf16le'),
          ]),
          'latin1.md': Buffer.from('# Café\n\nSaved as Latin-1.', 'latin1'),
          'logo.png': 'binary',
          'src/main.ts': 'export {};',
        },
      },
    });
    const source = await create({ type: 'github', repo: 'acme/docs', base_url: 'https://docs.acme.test/' });
    const first = await sync(source.id);
    expect(first).toMatchObject({ status: 'completed', added: 5, failed: 1 });
    // A file neither UTF-8 nor UTF-16 with its byte order mark fails, saying so, rather than being
    // indexed with U+FFFD for its accented letters.
    expect(first.failures).toEqual([
      {
        url: 'https://github.com/acme/docs/blob/main/latin1.md',
        reason: expect.stringContaining('not UTF-8 text (line 1)'),
      },
    ]);
    const urls = (await documents()).map((d) => d.url).sort();
    expect(urls).toEqual([
      'https://docs.acme.test/',
      'https://docs.acme.test/docs/guide',
      'https://docs.acme.test/docs/intro',
      'https://docs.acme.test/notes.txt',
      'https://docs.acme.test/windows.txt',
    ]);
    // A link to another file of the repository leads to its page on the site.
    const found = await call('rag/search/', {
      method: 'POST',
      body: JSON.stringify({ query: 'welcome', search_mode: 'keyword' }),
    });
    expect(((await found.json()) as { results: { text: string }[] }).results[0]!.text).toContain(
      '[the guide](https://docs.acme.test/docs/guide#setup)',
    );

    const files = github.repos.get('acme/docs')!.branches.main!;
    files['docs/guide.md'] = '# Guide\n\nInstall with npm ci, then npm start.';
    delete files['notes.txt'];
    delete files['windows.txt'];
    delete files['latin1.md'];
    github.log.length = 0;
    expect(await sync(source.id)).toMatchObject({ updated: 1, deleted: 2, unchanged: 2, failed: 0 });
    expect(github.log.filter((l) => l.includes('/git/blobs/'))).toHaveLength(1);

    github.truncateTrees = true;
    expect(await sync(source.id)).toMatchObject({ status: 'completed', unchanged: 3, deleted: 0 });
    github.truncateTrees = false;
  });

  it('reads a Hugo site, AsciiDoc and reStructuredText files, linking them to their published pages', async () => {
    github.repos.set('acme/hugo', {
      default_branch: 'main',
      branches: {
        main: {
          'content/operate/_index.md':
            '---\ntitle: Operate\n---\n\nSee [backups]({{< relref "backup" >}}).\n\n{{< note >}}\nRun as root:\n\n    acme-ctl start\n{{< /note >}}',
          'content/operate/backup.md': '---\ntitle: Backup\n---\n\nCopy the data folder.',
          'content/operate/restore.md': '---\ntitle: Restore\nslug: restoring\n---\n\nCopy it back.',
          'content/guide.adoc': '= Guide\n\n== Start\n\n[source,bash]\n----\nacme-ctl start\n----',
          'content/setup.rst': 'Setup\n=====\n\n.. note:: Read the guide first.',
        },
      },
    });
    const source = await create({
      type: 'github',
      repo: 'acme/hugo',
      base_url: 'https://hugo.acme.test/',
      dialect: 'hugo',
      include: ['content/**'],
    });
    expect(source.dialect).toBe('hugo');
    expect(await sync(source.id)).toMatchObject({ status: 'completed', added: 5, failed: 0 });
    const urls = (await documents()).map((d) => d.url).filter((u) => u.startsWith('https://hugo.acme.test/'));
    // Hugo reads pages from content/; a slug renames the page (a reference to it, by path, does not
    // read its front matter: a sync reads only the files that changed).
    expect(urls.sort()).toEqual([
      'https://hugo.acme.test/guide/',
      'https://hugo.acme.test/operate/',
      'https://hugo.acme.test/operate/backup/',
      'https://hugo.acme.test/operate/restoring/',
      'https://hugo.acme.test/setup/',
    ]);
    const [operate] = await search('backups root');
    expect(operate!.text).toContain('[backups](https://hugo.acme.test/operate/backup/)');
    expect(operate!.text).toContain('> **Note:** Run as root:\n>\n> ```\n> acme-ctl start\n> ```');
    const [guide] = await search('acme-ctl start guide');
    expect(guide).toMatchObject({ url: 'https://hugo.acme.test/guide/#_start' });
    expect(guide!.text).toContain('```bash\nacme-ctl start\n```');
  });

  it("fills a link's version placeholder from the base URL and puts in docs/shared snippets, as Grafana's docs site does", async () => {
    github.repos.set('acme/loki', {
      default_branch: 'main',
      branches: {
        main: {
          'docs/sources/retention.md':
            '---\ntitle: Retention\n---\n\nSet it in [`limits_config`](https://grafana.acme.test/docs/loki/<LOKI_VERSION>/configure/#limits_config).',
          // A headless leaf bundle of snippets, put in by Grafana's docs/shared shortcode.
          'docs/sources/shared/index.md': '---\nheadless: true\n---\n',
          'docs/sources/shared/limits.md': '---\ntitle: Limits\n---\n\nSet `retention_period` per tenant.',
          'docs/sources/reference/config.md':
            '---\ntitle: Configuration\n---\n\n{{< docs/shared lookup="limits.md" source="loki" version="<LOKI_VERSION>" >}}',
        },
      },
    });
    const source = await create({
      type: 'github',
      repo: 'acme/loki',
      base_url: 'https://grafana.acme.test/docs/loki/latest/',
      dialect: 'hugo',
    });
    // The snippet is no page of its own (a github source lists the headless index.md, whose front
    // matter it does not read): it is in the reference page.
    expect(await sync(source.id)).toMatchObject({ status: 'completed', added: 3, failed: 0 });
    expect(await text('retention limits_config')).toContain(
      '(https://grafana.acme.test/docs/loki/latest/configure/#limits_config)',
    );
    expect((await search('retention_period tenant'))[0]).toMatchObject({
      document_id: 'github.com/acme/loki/docs/sources/reference/config.md',
      text: 'Set `retention_period` per tenant.',
    });
  });

  it('publishes pages in the URL style named (page_urls), or the one mkdocs.yml names, links between files too', async () => {
    github.repos.set('acme/ugly', {
      default_branch: 'main',
      branches: {
        main: {
          'hugo.toml': 'uglyURLs = true\n',
          'content/operate/_index.md': '---\ntitle: Operate\n---\n\nSee [backups]({{< relref "backup" >}}).',
          'content/operate/backup.md': '---\ntitle: Backup\n---\n\nCopy the data folder.',
        },
      },
    });
    const source = await create({
      type: 'github',
      repo: 'acme/ugly',
      base_url: 'https://ugly.acme.test/',
      page_urls: 'html',
    });
    expect(source.page_urls).toBe('html');
    expect(await (await call(`sources/${source.id}`)).json()).toMatchObject({ page_urls: 'html' });
    expect(await sync(source.id)).toMatchObject({ status: 'completed', added: 2, failed: 0 });
    const urls = (await documents()).map((d) => d.url).filter((u) => u.startsWith('https://ugly.acme.test/'));
    expect(urls.sort()).toEqual([
      'https://ugly.acme.test/operate/',
      'https://ugly.acme.test/operate/backup.html',
    ]);
    const [operate] = await search('backups operate');
    expect(operate!.text).toContain('[backups](https://ugly.acme.test/operate/backup.html)');

    github.repos.set('acme/mkdocs', {
      default_branch: 'main',
      branches: {
        main: {
          'mkdocs.yml': 'site_name: Acme\nuse_directory_urls: false\n',
          'docs/index.md': '# Acme\n\nRead [the setup](guide/setup.md).',
          'docs/guide/setup.md': '# Setup\n\nRun the installer.',
        },
      },
    });
    const mkdocs = await create({ type: 'github', repo: 'acme/mkdocs', base_url: 'https://mk.acme.test/' });
    expect(mkdocs.page_urls).toBeUndefined();
    expect(await sync(mkdocs.id)).toMatchObject({ status: 'completed', added: 2, failed: 0 });
    const pages = (await documents()).map((d) => d.url).filter((u) => u.startsWith('https://mk.acme.test/'));
    expect(pages.sort()).toEqual(['https://mk.acme.test/', 'https://mk.acme.test/guide/setup.html']);

    // A Sphinx project's Markdown (MyST) pages are published by its html builder, as page.html.
    github.repos.set('acme/sphinx-myst', {
      default_branch: 'main',
      branches: {
        main: {
          'docs/conf.py': 'project = "Acme"\nextensions = ["myst_parser"]\n',
          'docs/index.md': '# Acme\n\nRead {doc}`the basics <usage/the_basics>`.',
          'docs/usage/the_basics.md': '# The basics\n\n```{note}\nRun `acme --check` first.\n```',
        },
      },
    });
    const myst = await create({
      type: 'github',
      repo: 'acme/sphinx-myst',
      base_url: 'https://sx.acme.test/',
    });
    expect(await sync(myst.id)).toMatchObject({ status: 'completed', added: 2, failed: 0 });
    const sphinx = (await documents()).map((d) => d.url).filter((u) => u.startsWith('https://sx.acme.test/'));
    expect(sphinx.sort()).toEqual(['https://sx.acme.test/', 'https://sx.acme.test/usage/the_basics.html']);
  });

  it("gives AsciiDoc and reST cross-references without text their targets' titles, and Antora pages their preview configuration's and component's attributes", async () => {
    github.repos.set('acme/antora', {
      default_branch: 'main',
      branches: {
        main: {
          'docs/antora.yml': 'name: acme\nversion: ~\nasciidoc:\n  attributes:\n    cli: acme-ctl\n',
          // The playbook's attributes, copied for previews (no page of its own).
          'docs/.asciidoctorconfig.adoc': ':prodname: Acme\n:cli: preview-ctl\n',
          'docs/modules/ROOT/pages/index.adoc':
            '= Welcome\n\nStart with xref:install.adoc[] and xref:install.adoc#_upgrade[].',
          'docs/modules/ROOT/pages/install.adoc':
            '= Installing {prodname}\n\n== Upgrade\n\nRun `{cli} upgrade`.',
          'sphinx/index.rst': 'Home\n====\n\nRead :doc:`usage` and :ref:`proxies`.',
          'sphinx/usage.rst':
            'Using the tool\n==============\n\n.. _proxies:\n\nBehind a proxy\n--------------\n\nSet HTTPS_PROXY.',
        },
      },
    });
    const source = await create({ type: 'github', repo: 'acme/antora' });
    expect(await sync(source.id)).toMatchObject({ status: 'completed', added: 4, failed: 0 });
    expect(await text('welcome start')).toMatch(/Installing Acme.*Upgrade/s);
    expect(await text('upgrade acme-ctl')).toContain('acme-ctl upgrade');
    const titles = (await (await call('documents/?limit=200')).json()) as {
      documents: { id: string; title: string }[];
    };
    expect(titles.documents.find((d) => d.id.endsWith('pages/install.adoc'))?.title).toBe('Installing Acme');
    const home = await text('home read');
    expect(home).toContain('Using the tool');
    expect(home).toContain('Behind a proxy');

    // A re-sync of one changed page reads the others once for their titles, not again for their
    // own documents (unchanged: their blobs are not read).
    github.repos.get('acme/antora')!.branches.main!['sphinx/index.rst'] =
      'Home\n====\n\nFirst read :doc:`usage`.';
    github.log.length = 0;
    expect(await sync(source.id)).toMatchObject({ updated: 1, unchanged: 3, failed: 0 });
    expect(await text('home first read')).toContain('Using the tool');
    const blobs = github.log.filter((l) => l.includes('/git/blobs/'));
    expect(new Set(blobs).size).toBe(blobs.length);
  });

  it('puts in what pages include, lists no partial as a page, and re-reads a page whose partial changed', async () => {
    const files: Record<string, string> = {
      'docusaurus.config.js': 'module.exports = {};',
      'docs/cli/why.md': "# pnpm why\n\nimport FindBy from '../settings/_findBy.mdx'\n\n<FindBy />\n",
      'docs/settings/_findBy.mdx': '### --find-by\n\nUse a finder function from .pnpmfile.mjs.\n',
      'guide/antora.yml': 'name: acme\nversion: ~\n',
      'guide/modules/install/pages/linux.adoc':
        '= Install on Linux\n\n $ sudo apt install acme\n\ninclude::partial$check.adoc[]\n',
      'guide/modules/install/partials/check.adoc': 'To check the install, run:\n\n $ acme --version\n',
      'docs/fixtures.rst':
        'Fixtures\n========\n\nA fixture:\n\n.. literalinclude:: example/conftest.py\n   :lines: 2-3\n',
      'docs/example/conftest.py': 'import pytest\n@pytest.fixture\ndef smtp_connection(): ...\n',
    };
    github.repos.set('acme/partials', { default_branch: 'main', branches: { main: files } });
    const source = await create({ type: 'github', repo: 'acme/partials' });
    expect(await sync(source.id)).toMatchObject({ status: 'completed', added: 3, failed: 0 });
    const ids = (await documents()).map((d) => d.id).filter((id) => id.includes('acme/partials/'));
    expect(ids.sort()).toEqual([
      'github.com/acme/partials/docs/cli/why.md',
      'github.com/acme/partials/docs/fixtures.rst',
      'github.com/acme/partials/guide/modules/install/pages/linux.adoc',
    ]);
    expect(await text('check the install')).toContain('acme --version');
    expect(await text('a fixture')).toContain('```python\n@pytest.fixture\ndef smtp_connection(): ...\n```');
    expect(await text('finder function')).toContain('Use a finder function');

    // A changed partial changes the page that includes it; the other page is not read again.
    files['guide/modules/install/partials/check.adoc'] = 'To check the install, run:\n\n $ acme doctor\n';
    github.log.length = 0;
    expect(await sync(source.id)).toMatchObject({ updated: 1, unchanged: 2, failed: 0 });
    expect(await text('check the install')).toContain('acme doctor');
    // Read: the page, its partial and its component's antora.yml, each once; nothing of the others.
    const blobs = github.log.filter((l) => l.includes('/git/blobs/'));
    expect(new Set(blobs).size).toBe(3);
    expect(blobs).toHaveLength(3);
  });

  it("puts in the snippet a Hugo page's include shortcode names, from its content folder", async () => {
    const files: Record<string, string> = {
      'hugo.toml': "baseURL = 'https://acme.example/'\n",
      'content/en/installation/macos.md':
        '---\ntitle: macOS\n---\n\n## Package managers\n\n{{% include "/_common/installation/homebrew.md" %}}\n',
      'content/en/_common/installation/homebrew.md':
        '---\n_comment: Do not remove front matter.\n---\n\n### Homebrew\n\nTo install Acme on macOS:\n\n```sh\nbrew install acme\n```\n',
    };
    github.repos.set('acme/hugo-includes', { default_branch: 'main', branches: { main: files } });
    const source = await create({
      type: 'github',
      repo: 'acme/hugo-includes',
      base_url: 'https://acme.example/',
    });
    expect(await sync(source.id)).toMatchObject({ status: 'completed', failed: 0 });
    const page = (await documents()).find(
      (d) => d.id === 'github.com/acme/hugo-includes/content/en/installation/macos.md',
    );
    expect(page).toBeDefined();
    // The macOS page's own passage holds the snippet's command (the snippet is a document too:
    // a sync does not read which sections Hugo leaves unrendered).
    const macos = async () =>
      (await search('install Acme on macOS')).find((r) => r.url.includes('/installation/macos/'))?.text;
    expect(await macos()).toContain('brew install acme');

    // A changed snippet changes the page that includes it.
    files['content/en/_common/installation/homebrew.md'] = files[
      'content/en/_common/installation/homebrew.md'
    ]!.replace('brew install acme', 'brew install acme-cli');
    expect(await sync(source.id)).toMatchObject({ status: 'completed', failed: 0 });
    expect(await macos()).toContain('brew install acme-cli');
  });

  it('reads a private repository with a token it stores sealed and never shows', async () => {
    github.repos.set('acme/private', {
      default_branch: 'trunk',
      token: 'ghp_right',
      branches: { trunk: { 'handbook.md': '# Handbook\n\nPrivate things.' } },
    });
    const source = await create({ type: 'github', repo: 'acme/private', token: 'ghp_right' });
    expect(source).toMatchObject({ has_token: true });
    const shown = JSON.stringify([source, await (await call(`sources/${source.id}`)).json()]);
    expect(shown).not.toContain('ghp_right');
    const stored = await redis.keys(`${prefix}:src:*`);
    for (const key of stored.filter((k) => !k.includes(':pages') && !k.includes(':syncs')))
      expect(await redis.get(key).catch(() => '')).not.toContain('ghp_right');
    const done = await sync(source.id);
    expect(done).toMatchObject({ status: 'completed', added: 1 });
  });

  it('fails a sync with a clear error for a bad token, a missing repository and a rate limit, deleting nothing', async () => {
    const before = (await documents()).length;
    const badToken = await create({ type: 'github', repo: 'acme/private', token: 'ghp_wrong' });
    expect((await sync(badToken.id)).error).toMatch(/GitHub refused the token \(HTTP 401/);
    const missing = await create({ type: 'github', repo: 'acme/nothing' });
    expect((await sync(missing.id)).error).toMatch(/acme\/nothing.*not found.*HTTP 404/);

    const docs = (await (await call('sources/')).json()).sources.find(
      (s: SourceRecord) => s.repo === 'acme/docs',
    ) as SourceRecord;
    github.rateLimited = true;
    const limited = await sync(docs.id);
    github.rateLimited = false;
    expect(limited).toMatchObject({ status: 'failed', deleted: 0 });
    expect(limited.error).toMatch(/rate limit exceeded \(HTTP 403\); it resets at \d{4}-/);
    expect((await documents()).length).toBe(before);
  });
});
