import { posix } from 'node:path';
import matter from 'gray-matter';
import {
  Liquid,
  Tag,
  type Context,
  type Emitter,
  type Liquid as Engine,
  type Parser,
  type TagToken,
  type Template,
  type TopLevelToken,
} from 'liquidjs';
import { readIncludedFile, type ReadIncluded } from './asciidoc-includes';
import { withoutLiquid } from './jekyll-markdown';
import { yamlData } from './jekyll-site';

/** Liquid in a page: an output (`{{ x }}`) or a tag (`{% x %}`). */
const LIQUID = /\{\{|\{%/;
/** A tag's name where it opens: `{% include`, `{%- highlight`. */
const TAG_NAME = /\{%-?\s*([A-Za-z_]\w*)/g;
/** An include in a template: `{% include note.html content="…" %}`, `{%- include_relative x.md -%}`. */
const INCLUDE = /\{%-?\s*include(_relative)?\s+([\w./-]+)/g;
/** A data file a template reads: `site.data.ruby.min_version`, `site.data.config_options.build`. */
const DATA = /site\.data((?:\.[\w-]+)+)/g;
/** The extensions of a data file, tried in order. */
const DATA_EXTENSIONS = ['.yml', '.yaml', '.json'];
/** How deep includes are followed to find what they include and read. */
const INCLUDE_DEPTH = 4;

/**
 * A Jekyll page with its Liquid rendered, as Jekyll renders it before its Markdown: the site's
 * `_config.yml` as `site`, its data files (`_data/ruby.yml`) as `site.data`, the page's front
 * matter as `page`; `{% include %}` from the site's `_includes/` with its parameters and
 * `{% include_relative %}` from the page's folder; `{% raw %}` kept as written; `{% highlight ruby
 * %}` a fenced code block; `{% link _docs/x.md %}` and `{% post_url %}` the path of the file they
 * name from the site's root (`/_docs/x.md`), which the links of the load lead to its page;
 * `relative_url` and `absolute_url` under the site's `baseurl`. Tags of plugins the site uses
 * (`{% seo %}`, `{% gist %}`) and includes of its theme's (not in the site) write nothing; a block of
 * one keeps its text. The site is the nearest folder at or above the page's, within `within`, that
 * holds a `_config.yml`; a page of no such site, or without Liquid, is returned as it is; one whose
 * Liquid does not render is read without the site (see `withoutLiquid`).
 */
export async function withJekyllLiquid(
  source: string,
  file: string,
  within: string,
  read: ReadIncluded = readIncludedFile,
): Promise<string> {
  if (!LIQUID.test(source)) return source;
  const site = await siteAbove(file, within, read);
  if (!site) return source;
  let parsed: matter.GrayMatterFile<string>;
  try {
    parsed = matter(source);
  } catch {
    return source;
  }
  if (parsed.data['render_with_liquid'] === false) return source;
  const includes = await includedTemplates(parsed.content, file, site.root, read);
  const data = await dataFiles([parsed.content, ...includes.values()], site.root, read);
  const engine = jekyllEngine(site, includes, [parsed.content, ...includes.values()]);
  const front = source.slice(0, source.length - parsed.content.length);
  try {
    const rendered = await engine.parseAndRender(parsed.content, {
      site: { ...site.config, data, pages: [], posts: [], documents: [], static_files: [] },
      page: { ...parsed.data, path: posix.relative(site.root, file) },
      jekyll: { environment: 'production' },
    });
    return `${front}${rendered}`;
  } catch {
    // Liquid Jekyll would stop the build at (a tag left open): read as a page loaded on its own.
    return `${front}${withoutLiquid(parsed.content)}`;
  }
}

/**
 * An HTML page of a Jekyll site as Jekyll publishes it: one with front matter has its Liquid
 * rendered (see {@link withJekyllLiquid}, which finds the site) and its front matter dropped; one
 * without is copied as it is.
 */
export async function jekyllHtmlPage(
  source: string,
  file: string,
  within: string,
  read: ReadIncluded = readIncludedFile,
): Promise<string> {
  if (!/^---\s*\r?\n/.test(source)) return source;
  const rendered = await withJekyllLiquid(source, file, within, read);
  try {
    return matter(rendered).content;
  } catch {
    return rendered;
  }
}

/** A Jekyll site: its root folder and its configuration. */
interface SiteAbove {
  root: string;
  config: Record<string, unknown>;
}

/** The nearest folder at or above the file's, within `within`, holding a `_config.yml`. */
async function siteAbove(file: string, within: string, read: ReadIncluded): Promise<SiteAbove | undefined> {
  const top = within.endsWith('/') ? within : `${within}/`;
  for (let folder = posix.dirname(file); `${folder}/`.startsWith(top); folder = posix.dirname(folder)) {
    const yaml = await read(posix.join(folder, '_config.yml'));
    if (yaml !== undefined) {
      const config = yamlData(yaml);
      return {
        root: folder,
        config: config && typeof config === 'object' ? (config as Record<string, unknown>) : {},
      };
    }
    if (folder === posix.dirname(folder)) break;
  }
  return undefined;
}

/**
 * The templates a page includes, and those they include, by the path the engine asks for:
 * `_includes/x.html` from the site's root, an `include_relative`'s from the page's folder.
 */
async function includedTemplates(
  content: string,
  file: string,
  root: string,
  read: ReadIncluded,
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  let pending = [{ text: content, from: file }];
  for (let depth = 0; depth < INCLUDE_DEPTH && pending.length; depth++) {
    const next: typeof pending = [];
    for (const { text, from } of pending) {
      for (const [, relative, name] of text.matchAll(INCLUDE)) {
        const path = relative ? posix.join(posix.dirname(from), name!) : posix.join(root, '_includes', name!);
        if (found.has(path)) continue;
        const included = await read(path);
        if (included === undefined) continue;
        found.set(path, included);
        next.push({ text: included, from: path });
      }
    }
    pending = next;
  }
  return found;
}

/** The data files the templates read (`site.data.a.b` → `_data/a.yml`, or `_data/a/b.yml`), as `site.data`. */
async function dataFiles(
  texts: string[],
  root: string,
  read: ReadIncluded,
): Promise<Record<string, unknown>> {
  const data: Record<string, unknown> = {};
  const tried = new Set<string>();
  for (const text of texts)
    for (const [, dotted] of text.matchAll(DATA)) {
      const keys = dotted!.slice(1).split('.');
      for (let n = 1; n <= keys.length; n++) {
        const path = keys.slice(0, n).join('/');
        if (tried.has(path)) continue;
        tried.add(path);
        const value = await dataFile(posix.join(root, '_data', path), read);
        if (value === undefined) continue;
        let at = data;
        for (const key of keys.slice(0, n - 1)) at = (at[key] ??= {}) as Record<string, unknown>;
        at[keys[n - 1]!] = value;
        break;
      }
    }
  return data;
}

async function dataFile(path: string, read: ReadIncluded): Promise<unknown> {
  for (const extension of DATA_EXTENSIONS) {
    const text = await read(`${path}${extension}`);
    if (text === undefined) continue;
    try {
      return extension === '.json' ? JSON.parse(text) : yamlData(text);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** A Liquid engine as Jekyll's: its include, its tags and filters, and the plugins' tags as nothing. */
function jekyllEngine(site: SiteAbove, includes: Map<string, string>, texts: string[]): Engine {
  const engine = new Liquid({
    jekyllInclude: true,
    dynamicPartials: false,
    strictFilters: false,
    strictVariables: false,
    root: [posix.join(site.root, '_includes')],
    extname: '',
    // An include the site does not hold is its theme's (a gem's `_includes/`): it writes nothing here.
    fs: {
      exists: async () => true,
      existsSync: () => true,
      readFile: async (path) => includes.get(path) ?? '',
      readFileSync: (path) => includes.get(path) ?? '',
      resolve: (dir, file) => posix.join(dir, file),
      dirname: posix.dirname,
      sep: '/',
    },
  });
  const baseurl =
    typeof site.config['baseurl'] === 'string' ? site.config['baseurl'].replace(/\/+$/, '') : '';
  const url = typeof site.config['url'] === 'string' ? site.config['url'].replace(/\/+$/, '') : '';
  const relative = (input: unknown) => {
    const path = String(input ?? '');
    if (/^[a-z][a-z\d+.-]*:|^\/\//i.test(path)) return path;
    return `${baseurl}/${path.replace(/^\/+/, '')}`;
  };
  engine.registerFilter('relative_url', relative);
  engine.registerFilter('absolute_url', (input: unknown) => {
    const path = relative(input);
    return /^[a-z][a-z\d+.-]*:/i.test(path) ? path : `${url}${path}`;
  });
  for (const same of ['markdownify', 'smartify', 'scssify', 'sassify'])
    engine.registerFilter(same, (x: unknown) => x);
  engine.registerTag('highlight', HighlightTag);
  engine.registerTag(
    'link',
    fileLink(() => ''),
  );
  engine.registerTag(
    'post_url',
    fileLink((name) => `_posts/${name}${/\.\w+$/.test(name) ? '' : '.md'}`),
  );
  engine.registerTag('include_relative', IncludeRelativeTag);
  // A plugin's tags (jekyll-seo-tag's `{% seo %}`, jekyll-gist's `{% gist %}`): nothing to read.
  const known = new Set(Object.keys(engine.tags));
  const all = new Set(texts.flatMap((text) => [...text.matchAll(TAG_NAME)].map((m) => m[1]!)));
  for (const name of all)
    if (!known.has(name) && !name.startsWith('end'))
      engine.registerTag(name, all.has(`end${name}`) ? passThroughBlock(name) : SilentTag);
  return engine;
}

/** `{% highlight ruby linenos %}…{% endhighlight %}`: a code block in that language. */
class HighlightTag extends Tag {
  private readonly templates: Template[] = [];
  private readonly language: string;

  constructor(token: TagToken, remain: TopLevelToken[], liquid: Engine, parser: Parser) {
    super(token, remain, liquid);
    this.language = token.args.trim().split(/\s+/)[0] ?? '';
    const stream = parser
      .parseStream(remain)
      .on('tag:endhighlight', () => stream.stop())
      .on<Template>('template', (template) => this.templates.push(template))
      .on('end', () => {
        throw new Error(`${token.getText()} is not closed`);
      });
    stream.start();
  }

  *render(ctx: Context, emitter: Emitter): Generator<unknown, void, string> {
    const code = yield this.liquid.renderer.renderTemplates(this.templates, ctx);
    emitter.write(`\n\`\`\`${this.language}\n${code.replace(/^\n+|\s+$/g, '')}\n\`\`\`\n`);
  }
}

/**
 * A tag naming a file of the site (`{% link _docs/x.md %}`, `{% post_url 2024-06-23-x %}`): the
 * file's path from the site's root, which the load's links lead to its page.
 */
function fileLink(path: (name: string) => string) {
  return class extends Tag {
    private readonly target: string;
    constructor(token: TagToken, remain: TopLevelToken[], liquid: Engine) {
      super(token, remain, liquid);
      this.target = token.args.trim();
    }
    render(_ctx: Context, emitter: Emitter): void {
      emitter.write(`/${(path(this.target) || this.target).replace(/^\/+/, '')}`);
    }
  };
}

/** `{% include_relative x.md %}`: the file beside the page, rendered in the page's scope. */
class IncludeRelativeTag extends Tag {
  private readonly file: string;
  constructor(token: TagToken, remain: TopLevelToken[], liquid: Engine) {
    super(token, remain, liquid);
    this.file = token.args.trim().split(/\s+/)[0] ?? '';
  }
  *render(ctx: Context, emitter: Emitter): Generator<unknown, void, string> {
    const page = ctx.getSync(['page', 'path']);
    const from = typeof page === 'string' ? posix.dirname(page) : '';
    const root = this.liquid.options.root[0] ? posix.dirname(this.liquid.options.root[0]) : '/';
    const path = posix.join(root, from, this.file);
    const text = yield this.liquid.options.fs.readFile(path);
    emitter.write(yield this.liquid.parseAndRender(text, ctx.getAll() as object));
  }
}

/** A tag of a plugin the site uses that writes nothing the page's text needs. */
class SilentTag extends Tag {
  render(): void {}
}

/** A block tag of a plugin (`{% tabs %}…{% endtabs %}`): its text, rendered, kept. */
function passThroughBlock(name: string) {
  return class extends Tag {
    private readonly templates: Template[] = [];
    constructor(token: TagToken, remain: TopLevelToken[], liquid: Engine, parser: Parser) {
      super(token, remain, liquid);
      const stream = parser
        .parseStream(remain)
        .on(`tag:end${name}`, () => stream.stop())
        .on<Template>('template', (template) => this.templates.push(template))
        .on('end', () => stream.stop());
      stream.start();
    }
    *render(ctx: Context, emitter: Emitter): Generator<unknown, void, string> {
      emitter.write(yield this.liquid.renderer.renderTemplates(this.templates, ctx));
    }
  };
}
