import { execFileSync, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** A docs generator the recipes are checked with. */
export interface Generator {
  /** Its name in the report. */
  name: string;
  /** The `## Name` section of docs/widget-on-docs-sites.md that holds its recipe. */
  recipe: string;
  /** Why it cannot be checked on this machine, or undefined when it can. */
  missing(): string | undefined;
  /** Writes a two-page site (before the recipe) into a new folder, and returns the folder. */
  skeleton(): string;
  /** Builds the site in `dir`; returns the folder of the HTML it wrote. */
  build(dir: string): string;
  /** Whether the site's own search takes Ctrl-K, which the widget then leaves to it. */
  siteSearchKey?: boolean;
}

/** The home page's text (Markdown), with a link to the site's second page at `href`. */
const home = (href: string) => `Acme docs: install the Acme CLI, then [Sign in](${href}) with your account.`;
/** The second page's text. */
const SIGN_IN = 'Run `acme login` and follow the browser.';

/** Runs a command to its end; on failure, its output is the error. */
function run(command: string, args: string[], cwd?: string): void {
  try {
    execFileSync(command, args, { cwd, stdio: 'pipe', timeout: 600_000 });
  } catch (err) {
    const e = err as { stderr?: Buffer; stdout?: Buffer; message: string };
    throw new Error(`${command} ${args.join(' ')} failed: ${String(e.stderr || e.stdout || e.message)}`);
  }
}

/** Whether a command runs (`--version` or the like answers). */
const runs = (command: string, args: string[]) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;

function writeFiles(dir: string, files: Record<string, string>): string {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

const scratch = (name: string, parent = tmpdir()) => mkdtempSync(join(parent, `docqa-site-${name}-`));

/** A site of `@docusaurus/preset-classic`, built with the packages installed in `DOCUSAURUS_DIR`. */
const docusaurus: Generator = {
  name: 'Docusaurus',
  recipe: 'Docusaurus',
  missing() {
    const dir = process.env.DOCUSAURUS_DIR;
    if (!dir)
      return 'set DOCUSAURUS_DIR to a folder with @docusaurus/core and @docusaurus/preset-classic installed';
    if (!existsSync(join(dir, 'node_modules/@docusaurus/preset-classic')))
      return `no @docusaurus/preset-classic in ${dir}/node_modules`;
    return undefined;
  },
  // Inside DOCUSAURUS_DIR, so the site resolves Docusaurus and React from its node_modules.
  skeleton: () =>
    writeFiles(scratch('docusaurus', process.env.DOCUSAURUS_DIR), {
      // A site's own package.json, as a new Docusaurus site has (no "type"): else the one of
      // DOCUSAURUS_DIR applies, and npm's `init` writes `"type": "commonjs"` there, which makes
      // webpack read the client modules Docusaurus generates as CommonJS, and the build fails.
      'package.json': '{ "name": "acme-docs", "private": true }\n',
      'docusaurus.config.js': `export default {
  title: 'Acme docs',
  url: 'http://localhost',
  baseUrl: '/',
  presets: [['classic', { docs: false, blog: false }]],
};
`,
      'src/pages/index.md': `# Acme docs\n\n${home('/signin')}\n`,
      'src/pages/signin.md': `# Sign in\n\n${SIGN_IN}\n`,
    }),
  build(dir) {
    const bin = join(process.env.DOCUSAURUS_DIR!, 'node_modules/.bin/docusaurus');
    run(bin, ['build', '--out-dir', join(dir, 'build'), dir], dir);
    return join(dir, 'build');
  },
};

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

/** A site of VitePress's default theme, built with the packages installed in `VITEPRESS_DIR`. */
const vitepress: Generator = {
  name: 'VitePress',
  recipe: 'VitePress',
  missing() {
    const dir = process.env.VITEPRESS_DIR;
    if (!dir) return 'set VITEPRESS_DIR to a folder with vitepress and vue installed';
    if (!existsSync(join(dir, 'node_modules/vitepress'))) return `no vitepress in ${dir}/node_modules`;
    return undefined;
  },
  // Inside VITEPRESS_DIR, so the site resolves VitePress and Vue from its node_modules.
  skeleton: () =>
    writeFiles(scratch('vitepress', process.env.VITEPRESS_DIR), {
      '.vitepress/config.mjs': `export default {\n  title: 'Acme docs',\n};\n`,
      'index.md': `# Acme docs\n\n${home('/signin')}\n`,
      'signin.md': `# Sign in\n\n${SIGN_IN}\n`,
    }),
  build(dir) {
    run(join(process.env.VITEPRESS_DIR!, 'node_modules/.bin/vitepress'), ['build', dir], dir);
    return join(dir, '.vitepress/dist');
  },
};

/**
 * A docsify site: no build, its `index.html` loads docsify (copied from `DOCSIFY_DIR`'s
 * node_modules, as a site would load it from a CDN) and docsify shows the Markdown pages in it,
 * routed after `#/`.
 */
const docsify: Generator = {
  name: 'docsify',
  recipe: 'docsify',
  missing() {
    const dir = process.env.DOCSIFY_DIR;
    if (!dir)
      return 'set DOCSIFY_DIR to a folder with docsify installed (npm install --ignore-scripts docsify)';
    if (!existsSync(join(dir, 'node_modules/docsify/dist/docsify.min.js')))
      return `no docsify in ${dir}/node_modules`;
    return undefined;
  },
  skeleton: () =>
    writeFiles(scratch('docsify'), {
      'index.html': `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Acme docs</title><link rel="stylesheet" href="core.min.css"></head>
<body>
<div id="app"></div>
<script>
  window.$docsify = { name: 'Acme docs' };
</script>
<script src="docsify.min.js"></script>
</body>
</html>
`,
      'README.md': `# Acme docs\n\n${home('signin.md')}\n`,
      'signin.md': `# Sign in\n\n${SIGN_IN}\n`,
    }),
  build(dir) {
    const dist = join(process.env.DOCSIFY_DIR!, 'node_modules/docsify/dist');
    copyFileSync(join(dist, 'docsify.min.js'), join(dir, 'docsify.min.js'));
    copyFileSync(join(dist, 'themes/core.min.css'), join(dir, 'core.min.css'));
    return dir;
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

/**
 * A Nuxt site of two pages, generated as static HTML (`nuxt generate`, as Docus and Nuxt Content
 * sites are hosted statically) with the packages installed in `NUXT_DIR`.
 */
const nuxt: Generator = {
  name: 'Nuxt',
  recipe: 'Nuxt (Nuxt Content, Docus)',
  missing() {
    const dir = process.env.NUXT_DIR;
    if (!dir) return 'set NUXT_DIR to a folder with nuxt installed';
    if (!existsSync(join(dir, 'node_modules/nuxt'))) return `no nuxt in ${dir}/node_modules`;
    return undefined;
  },
  // Inside NUXT_DIR, so the site resolves Nuxt and Vue from its node_modules.
  skeleton: () =>
    writeFiles(scratch('nuxt', process.env.NUXT_DIR), {
      // Payloads not extracted: Nuxt 4.4.5's prerender stores the home page's under the key "/",
      // which unstorage 1.17 refuses, and the generate fails.
      'nuxt.config.ts': `export default defineNuxtConfig({\n  app: { head: { title: 'Acme docs' } },\n  experimental: { payloadExtraction: false },\n});\n`,
      'app.vue': '<template>\n  <NuxtPage />\n</template>\n',
      'pages/index.vue': `<template>\n  <main>\n    <h1>Acme docs</h1>\n    <p>Acme docs: install the Acme CLI, then <NuxtLink to="/signin">Sign in</NuxtLink> with your account.</p>\n  </main>\n</template>\n`,
      'pages/signin.vue': `<template>\n  <main>\n    <h1>Sign in</h1>\n    <p>Run <code>acme login</code> and follow the browser.</p>\n  </main>\n</template>\n`,
    }),
  build(dir) {
    run(join(process.env.NUXT_DIR!, 'node_modules/.bin/nuxt'), ['generate', dir], dir);
    return join(dir, '.output/public');
  },
};

/**
 * A Starlight (Astro) site of two pages, built with the packages installed in `STARLIGHT_DIR`;
 * its `starlight()` options are a constant the recipe's `head` is added to.
 */
const starlight: Generator = {
  name: 'Starlight',
  recipe: 'Starlight (Astro)',
  missing() {
    const dir = process.env.STARLIGHT_DIR;
    if (!dir) return 'set STARLIGHT_DIR to a folder with astro and @astrojs/starlight installed';
    if (!existsSync(join(dir, 'node_modules/@astrojs/starlight')))
      return `no @astrojs/starlight in ${dir}/node_modules`;
    return undefined;
  },
  // Inside STARLIGHT_DIR, so the site resolves Astro and Starlight from its node_modules.
  skeleton: () =>
    writeFiles(scratch('starlight', process.env.STARLIGHT_DIR), {
      'astro.config.mjs': `import { defineConfig } from 'astro/config';
import starlight from '@astrojs/starlight';

const docs = {
  title: 'Acme docs',
};

export default defineConfig({ integrations: [starlight(docs)] });
`,
      'src/content.config.ts': `import { defineCollection } from 'astro:content';
import { docsLoader } from '@astrojs/starlight/loaders';
import { docsSchema } from '@astrojs/starlight/schema';

export const collections = { docs: defineCollection({ loader: docsLoader(), schema: docsSchema() }) };
`,
      'src/content/docs/index.md': `---\ntitle: Acme docs\n---\n\n${home('/signin/')}\n`,
      'src/content/docs/signin.md': `---\ntitle: Sign in\n---\n\n${SIGN_IN}\n`,
    }),
  build(dir) {
    run(join(process.env.STARLIGHT_DIR!, 'node_modules/.bin/astro'), ['build'], dir);
    return join(dir, 'dist');
  },
  // Its search (Pagefind) opens with Ctrl-K.
  siteSearchKey: true,
};

/**
 * An Rspress site of two pages, built with the packages installed in `RSPRESS_DIR`; its config
 * is a constant the recipe's `builderConfig` is added to.
 */
const rspress: Generator = {
  name: 'Rspress',
  recipe: 'Rspress',
  missing() {
    const dir = process.env.RSPRESS_DIR;
    if (!dir) return 'set RSPRESS_DIR to a folder with @rspress/core, react and react-dom installed';
    if (!existsSync(join(dir, 'node_modules/@rspress/core')))
      return `no @rspress/core in ${dir}/node_modules`;
    return undefined;
  },
  // Inside RSPRESS_DIR, so the site resolves Rspress and React from its node_modules.
  skeleton: () =>
    writeFiles(scratch('rspress', process.env.RSPRESS_DIR), {
      'rspress.config.ts': `import { defineConfig } from '@rspress/core';

const config = {
  root: 'docs',
  title: 'Acme docs',
};

export default defineConfig(config);
`,
      'docs/index.md': `# Acme docs\n\n${home('/signin')}\n`,
      'docs/signin.md': `# Sign in\n\n${SIGN_IN}\n`,
    }),
  build(dir) {
    run(join(process.env.RSPRESS_DIR!, 'node_modules/.bin/rspress'), ['build'], dir);
    return join(dir, 'doc_build');
  },
  // Its search opens with Ctrl-K.
  siteSearchKey: true,
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
