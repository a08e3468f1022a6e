import { withFumadocsIncludes } from './fumadocs-includes';

const FILES: Record<string, string> = {
  '/site/content/docs/headless/conventions.mdx':
    '---\ntitle: Conventions\n---\n\nOrder pages with `pages` in `meta.json`.\n\n<include>./deeper.mdx</include>',
  '/site/content/docs/headless/deeper.mdx': 'Folders sort alphabetically.',
  '/site/content/docs/search/static.tsx': "export const client = 'static';\n",
  '/site/examples/i18n/lib/i18n.ts': "export const i18n = defineI18n({ languages: ['en', 'cn'] });\n",
};
const read = async (path: string) => FILES[path];

describe('withFumadocsIncludes', () => {
  it("puts in an included MDX file's text, its own includes too, without its front matter", async () => {
    const page = '# Page Conventions\n\n<include>../headless/conventions.mdx</include>\n\nAfter.';
    expect(await withFumadocsIncludes(page, '/site/content/docs/framework/page.mdx', '/site', read)).toBe(
      '# Page Conventions\n\nOrder pages with `pages` in `meta.json`.\n\nFolders sort alphabetically.\n\nAfter.',
    );
  });

  it("puts in another file as a code block in its extension's language, with the tag's meta; cwd from the site's folder", async () => {
    const page = [
      '<include meta=\'title="components/search.tsx"\'>./static.tsx</include>',
      '',
      '<include cwd meta=\'title="lib/i18n.ts"\'>',
      '  ../../examples/i18n/lib/i18n.ts',
      '</include>',
    ].join('\n');
    expect(await withFumadocsIncludes(page, '/site/content/docs/search/index.mdx', '/site', read)).toBe(
      [
        '```tsx title="components/search.tsx"',
        "export const client = 'static';",
        '```',
        '',
        '```ts title="lib/i18n.ts"',
        "export const i18n = defineI18n({ languages: ['en', 'cn'] });",
        '```',
      ].join('\n'),
    );
  });

  it('drops an include of no file it can read, and leaves one in a code block as written', async () => {
    const page =
      'Before.\n\n<include>./missing.mdx</include>\n\n```mdx\n<include>./another.mdx</include>\n```';
    expect(await withFumadocsIncludes(page, '/site/content/docs/a.mdx', '/site', read)).toBe(
      'Before.\n\n\n```mdx\n<include>./another.mdx</include>\n```',
    );
  });
});
