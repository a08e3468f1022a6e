import { stripMdx } from './strip-mdx';
import { parseDocument } from './parse-document';

describe('stripMdx', () => {
  it('drops import and export statements, including ones spread over several lines', () => {
    const mdx = [
      "import { Tabs, Tab } from '@site/components';",
      'import Video from "./video";',
      'export const meta = {',
      "  author: 'ada',",
      '  tags: ["a", "b"],',
      '};',
      '',
      '# Install',
      '',
      'Run the installer.',
    ].join('\n');
    expect(stripMdx(mdx)).toBe('# Install\n\nRun the installer.');
  });

  it("drops an export whose template literal spans lines, braces and quotes inside it (Nextra's pages)", () => {
    const mdx = [
      'export function PartialTSDoc({ props }) {',
      '  return (',
      '    <APIDocs',
      '      code={`',
      "import { Layout } from 'nextra-theme-docs'",
      "type $ = Pick<Props, ${props.map(prop => JSON.stringify(prop)).join('|')}>",
      'export default $`}',
      '    />',
      '  )',
      '}',
      '',
      '# Layout Component',
      '',
      'The theme is configured with the `<Layout>` component.',
    ].join('\n');
    expect(stripMdx(mdx)).toBe(
      '# Layout Component\n\nThe theme is configured with the `<Layout>` component.',
    );
  });

  it('drops component tags and keeps the text between them', () => {
    const mdx = [
      '<Note type="tip" onClick={() => count > 1}>',
      '  Tokens are **shown once**.',
      '</Note>',
      '',
      'Watch <Video src="intro.mp4" /> the intro, then read <Tabs.Item label="Linux">the Linux steps</Tabs.Item>.',
      '',
      '<>Inside a fragment</>',
      '{/* a comment for editors */}',
    ].join('\n');
    expect(stripMdx(mdx)).toBe(
      'Tokens are **shown once**.\n\nWatch  the intro, then read the Linux steps.\n\nInside a fragment',
    );
  });

  it('keeps code blocks, inline code and HTML elements as they are', () => {
    const mdx = [
      'Use `<Note>` for tips and <kbd>Ctrl</kbd> for keys.',
      '',
      '```mdx',
      "import { Note } from './note';",
      '<Note>Example</Note>',
      '```',
    ].join('\n');
    expect(stripMdx(mdx)).toBe(mdx);
  });

  it('gives an MDX document its front matter metadata and the title of its first heading', () => {
    const doc = parseDocument({
      id: 'guide/install.mdx',
      type: 'text/markdown',
      mdx: true,
      content:
        "---\nproduct: cli\n---\nimport { Note } from './note';\n\n# Install docqa\n\n<Note>Needs Node 20.</Note>\n",
      metadata: { lang: 'en' },
    });
    expect(doc).toMatchObject({
      title: 'Install docqa',
      content: '# Install docqa\n\nNeeds Node 20.',
      metadata: { product: 'cli', lang: 'en' },
    });
  });
});
