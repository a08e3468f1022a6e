import { normaliseMarkdown } from './markdown-dialect';
import { packageManagerTabs } from './package-manager-tabs';

/** The command of each labelled part, in order. */
const commands = (text: string) =>
  [...text.matchAll(/\*\*(\w+)\*\*:\n\n```sh\n(.*)\n```/g)].map((m) => `${m[1]}: ${m[2]}`);

describe("Rspress's <PackageManagerTabs>", () => {
  it('gives each package manager its command as Rspress makes it: install as add but for npm', () => {
    expect(commands(packageManagerTabs('<PackageManagerTabs command="install -D @rspress/core" />'))).toEqual(
      [
        'npm: npm install -D @rspress/core',
        'yarn: yarn add -D @rspress/core',
        'pnpm: pnpm add -D @rspress/core',
        'bun: bun add -D @rspress/core',
        'deno: deno add -D npm:@rspress/core',
      ],
    );
  });

  it("drops yarn create's @latest, runs a package with dlx or exec, and keeps a bare install", () => {
    expect(commands(packageManagerTabs('<PackageManagerTabs command="create rspress@latest" />'))).toContain(
      'yarn: yarn create rspress',
    );
    expect(
      commands(packageManagerTabs('<PackageManagerTabs command="shadcn@latest add button" dlx />')),
    ).toEqual([
      'npm: npx shadcn@latest add button',
      'yarn: yarn dlx shadcn@latest add button',
      'pnpm: pnpm dlx shadcn@latest add button',
      'bun: bunx shadcn@latest add button',
      'deno: deno run -A npm:shadcn@latest add button',
    ]);
    expect(commands(packageManagerTabs('<PackageManagerTabs command="rspress build" exec />'))[0]).toBe(
      'npm: npx rspress build',
    );
    expect(commands(packageManagerTabs('<PackageManagerTabs command="install" />'))).toContain(
      'pnpm: pnpm install',
    );
  });

  it('reads a tag over several lines and commands of its own, and leaves one shown in code alone', () => {
    const text = packageManagerTabs(
      [
        'Before.',
        '<PackageManagerTabs',
        '  command={{ npm: "npm i acme", yarn: "yarn add acme" }}',
        '/>',
        'After.',
        '```mdx',
        '<PackageManagerTabs command="install x" />',
        '```',
      ].join('\n'),
    );
    expect(commands(text)).toEqual(['npm: npm i acme', 'yarn: yarn add acme']);
    expect(text).toMatch(/^Before\.\n/);
    expect(text).toContain('After.\n```mdx\n<PackageManagerTabs command="install x" />\n```');
  });

  it('is read in an MDX page as labelled parts, the import dropped', () => {
    const text = normaliseMarkdown(
      'import { PackageManagerTabs } from \'@rspress/core/theme\';\n\n## Install\n\n<PackageManagerTabs command="add @acme/cli -D" />\n',
      'docusaurus',
    );
    expect(text).toContain('**pnpm**:\n\n```sh\npnpm add @acme/cli -D\n```');
    expect(text).not.toMatch(/import|PackageManagerTabs/);
  });
});
