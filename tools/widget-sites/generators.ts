import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { docsify, docusaurus, nuxt, rspress, starlight, vitepress } from './npm-generators';
import { home, run, runs, scratch, SIGN_IN, writeFiles, type Generator } from './site-skeleton';

export type { Generator } from './site-skeleton';

/** A site without a theme: its own `baseof.html`, as a theme's copy in the site would be. */
const hugo: Generator = {
  name: 'Hugo',
  recipe: 'Hugo',
  missing: () => (runs('hugo', ['version']) ? undefined : 'no `hugo` command (apt-get install hugo)'),
  skeleton: () =>
    writeFiles(scratch('hugo'), {
      'hugo.toml': `baseURL = '/'\ntitle = 'Acme docs'\ndisableKinds = ['taxonomy', 'term', 'RSS', 'sitemap']\n`,
      'layouts/_default/baseof.html': `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>{{ .Title }}</title></head>
<body>
<main>{{ block "main" . }}{{ end }}</main>
</body>
</html>
`,
      'layouts/index.html': `{{ define "main" }}<h1>{{ .Title }}</h1>{{ .Content }}{{ end }}\n`,
      'layouts/_default/single.html': `{{ define "main" }}<h1>{{ .Title }}</h1>{{ .Content }}{{ end }}\n`,
      'content/_index.md': `---\ntitle: Acme docs\n---\n\n${home('/signin/')}\n`,
      'content/signin.md': `---\ntitle: Sign in\n---\n\n${SIGN_IN}\n`,
    }),
  build(dir) {
    run('hugo', ['--source', dir, '--destination', join(dir, 'public'), '--quiet']);
    return join(dir, 'public');
  },
};

/** `mkdocs build`'s arguments for the site in `dir` (written to `dir/site`). */
function mkdocsBuild(dir: string): string[] {
  return ['build', '--quiet', '--config-file', join(dir, 'mkdocs.yml'), '--site-dir', join(dir, 'site')];
}

/** Whether MkDocs knows the theme: a site of one empty page with it builds. */
function buildsWithTheme(theme: string): boolean {
  const dir = writeFiles(scratch('mkdocs-probe'), {
    'mkdocs.yml': `site_name: probe\ntheme:\n  name: ${theme}\n`,
    'docs/index.md': '# Probe\n',
  });
  try {
    return runs('mkdocs', mkdocsBuild(dir));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** MkDocs with one of its themes; the recipe's `name: mkdocs` is replaced by `theme`. */
function mkdocs(theme: 'mkdocs' | 'material'): Generator {
  return {
    name: theme === 'mkdocs' ? 'MkDocs' : 'MkDocs (Material)',
    recipe: 'MkDocs and Material for MkDocs',
    missing() {
      if (!runs('mkdocs', ['--version'])) return 'no `mkdocs` command (apt-get install mkdocs)';
      if (theme === 'material' && !buildsWithTheme(theme))
        return 'no Material for MkDocs (apt-get install mkdocs-material)';
      return undefined;
    },
    skeleton: () =>
      writeFiles(scratch(`mkdocs-${theme}`), {
        'mkdocs.yml': 'site_name: Acme docs\n',
        'docs/index.md': `# Acme docs\n\n${home('signin.md')}\n`,
        'docs/signin.md': `# Sign in\n\n${SIGN_IN}\n`,
      }),
    build(dir) {
      if (theme !== 'mkdocs') {
        const yml = join(dir, 'mkdocs.yml');
        writeFileSync(yml, readFileSync(yml, 'utf8').replace('name: mkdocs', `name: ${theme}`));
      }
      run('mkdocs', mkdocsBuild(dir));
      return join(dir, 'site');
    },
  };
}

/** Sphinx with its default theme (alabaster). */
const sphinx: Generator = {
  name: 'Sphinx',
  recipe: 'Sphinx',
  missing: () =>
    runs('sphinx-build', ['--version'])
      ? undefined
      : 'no `sphinx-build` command (apt-get install python3-sphinx)',
  skeleton: () =>
    writeFiles(scratch('sphinx'), {
      'conf.py': `project = 'Acme docs'\n`,
      'index.rst': [
        'Acme docs\n=========\n',
        'Acme docs: install the Acme CLI, then `Sign in <signin.html>`_ with your account.\n',
        '.. toctree::\n\n   signin\n',
      ].join('\n'),
      'signin.rst': 'Sign in\n=======\n\nRun ``acme login`` and follow the browser.\n',
    }),
  build(dir) {
    run('sphinx-build', ['-q', '-b', 'html', dir, join(dir, '_build/html')]);
    return join(dir, '_build/html');
  },
};

/** A Jekyll site without a theme: its own `_layouts/default.html`, as a theme's copy in the site would be. */
const jekyll: Generator = {
  name: 'Jekyll',
  recipe: 'Jekyll',
  missing: () => (runs('jekyll', ['--version']) ? undefined : 'no `jekyll` command (apt-get install jekyll)'),
  skeleton: () =>
    writeFiles(scratch('jekyll'), {
      '_config.yml': 'title: Acme docs\npermalink: pretty\n',
      '_layouts/default.html': `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>{{ page.title }}</title></head>
<body>
<main><h1>{{ page.title }}</h1>{{ content }}</main>
</body>
</html>
`,
      'index.md': `---\nlayout: default\ntitle: Acme docs\n---\n\n${home('/signin/')}\n`,
      'signin.md': `---\nlayout: default\ntitle: Sign in\n---\n\n${SIGN_IN}\n`,
    }),
  build(dir) {
    run('jekyll', ['build', '--quiet', '--source', dir, '--destination', join(dir, '_site')]);
    return join(dir, '_site');
  },
};

/** Every generator the page has a recipe for. */
export const GENERATORS: Generator[] = [
  docusaurus,
  hugo,
  mkdocs('mkdocs'),
  mkdocs('material'),
  sphinx,
  vitepress,
  docsify,
  jekyll,
  nuxt,
  starlight,
  rspress,
];
