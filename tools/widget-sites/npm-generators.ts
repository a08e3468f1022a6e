import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { home, installedIn, run, scratch, SIGN_IN, writeFiles, type Generator } from './site-skeleton';

/*
 * The generators installed with npm into a folder an environment variable names: their sites are
 * built inside it, so they resolve the generator and its framework from its node_modules.
 */

/** A site of `@docusaurus/preset-classic`, built with the packages installed in `DOCUSAURUS_DIR`. */
export const docusaurus: Generator = {
  name: 'Docusaurus',
  recipe: 'Docusaurus',
  missing: () =>
    installedIn(
      'DOCUSAURUS_DIR',
      '@docusaurus/core and @docusaurus/preset-classic',
      '@docusaurus/preset-classic',
    ),
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

/** A site of VitePress's default theme, built with the packages installed in `VITEPRESS_DIR`. */
export const vitepress: Generator = {
  name: 'VitePress',
  recipe: 'VitePress',
  missing: () => installedIn('VITEPRESS_DIR', 'vitepress and vue', 'vitepress'),
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
export const docsify: Generator = {
  name: 'docsify',
  recipe: 'docsify',
  missing: () =>
    installedIn(
      'DOCSIFY_DIR',
      'docsify (npm install --ignore-scripts docsify)',
      'docsify/dist/docsify.min.js',
    ),
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

/**
 * A Nuxt site of two pages, generated as static HTML (`nuxt generate`, as Docus and Nuxt Content
 * sites are hosted statically) with the packages installed in `NUXT_DIR`.
 */
export const nuxt: Generator = {
  name: 'Nuxt',
  recipe: 'Nuxt (Nuxt Content, Docus)',
  missing: () => installedIn('NUXT_DIR', 'nuxt', 'nuxt'),
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
export const starlight: Generator = {
  name: 'Starlight',
  recipe: 'Starlight (Astro)',
  missing: () => installedIn('STARLIGHT_DIR', 'astro and @astrojs/starlight', '@astrojs/starlight'),
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
export const rspress: Generator = {
  name: 'Rspress',
  recipe: 'Rspress',
  missing: () => installedIn('RSPRESS_DIR', '@rspress/core, react and react-dom', '@rspress/core'),
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
