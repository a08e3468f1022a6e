import { quotePassage } from './quote-passage';
import { units } from './section-passage';

const MODE =
  'In this mode files opened for writing are buffered to disk first.\n\nIt supports all normal operations.';

describe('quotePassage', () => {
  it('names the option a section is headed by when its text does not say it', () => {
    expect(quotePassage(units(MODE), '[1]', 'rclone mount › Options › --vfs-cache-mode writes')).toBe(
      '`--vfs-cache-mode writes` [1]:\n\nIn this mode files opened for writing are buffered to disk first.\n\nIt supports all normal operations.',
    );
  });

  it('does not name a topic heading, nor an option the text already says', () => {
    expect(quotePassage(units(MODE), '[1]', 'Mount › Caching')).toMatch(/^In this mode/);
    expect(quotePassage(units(`Set \`log.format\` to json.\n\n${MODE}`), '[1]', 'Logs › log.format')).toMatch(
      /^Set `log.format`/,
    );
  });

  it('names a setting headed by its key, and a flag with its aliases or argument as its reader sees it', () => {
    const setting = '* Default: **false**\n* Type: **Boolean**\n\nWhen true, peers are installed.';
    expect(
      quotePassage(units(setting), '[1]', 'Settings › Peer Dependency Settings › autoInstallPeers'),
    ).toMatch(/^`autoInstallPeers` \[1\]:\n\n\* Default: \*\*false\*\*\n/);
    expect(quotePassage(units(setting), '[2]', 'Settings › overrides')).toMatch(/^`overrides` \[2\]:/);
    expect(quotePassage(units(setting), '[1]', 'pnpm add › Options › --save-dev, -D, -d')).toMatch(
      /^`--save-dev, -D, -d` \[1\]:/,
    );
    expect(quotePassage(units(setting), '[1]', 'rclone sync › -P, --progress')).toMatch(
      /^`-P, --progress` \[1\]:/,
    );
    expect(
      quotePassage(units(setting), '[1]', 'pnpm add › Options › --filter &lt;package_selector\\>'),
    ).toMatch(/^`--filter <package_selector>` \[1\]:/);
  });

  it('puts no bare heading before a quote that opens with an item naming itself', () => {
    const options =
      '- **`--dialect hugo|mkdocs`** names the docs generator the files are written for.\n' +
      '- **`--include GLOB`** chooses files inside folders by their path.';
    const quote = quotePassage(units(options), '[2]', 'Command line › ingest');
    expect(quote).toMatch(
      /^- \*\*`--dialect hugo\|mkdocs`\*\* names the docs generator .* written for\. \[2\]\n/,
    );
    expect(quote).not.toContain('`ingest`');
    // A setting's own list (`Default: …`) still has its key before it.
    const setting = '* Default: **false**\n* Type: **Boolean**';
    expect(quotePassage(units(setting), '[1]', 'Settings › overrides')).toMatch(/^`overrides` \[1\]:/);
  });

  it('names a setting whose quote writes its key only in an example below its description', () => {
    const setting =
      '* Default: **null**\n* Type: **Array or null**\n\nThis configuration matches the current branch ' +
      'name.\n\n```yaml\nmergeGitBranchLockfilesBranchPattern:\n- main\n```';
    expect(
      quotePassage(units(setting), '[1]', 'Lockfile Settings › mergeGitBranchLockfilesBranchPattern'),
    ).toMatch(/^`mergeGitBranchLockfilesBranchPattern` \[1\]:\n\n\* Default: \*\*null\*\*/);
    // A quote that opens with its example, or whose prose writes the key, says it already.
    const example = '```yaml\nnodeLinker: hoisted\n```\n\nHoists everything.';
    expect(quotePassage(units(example), '[1]', 'Settings › nodeLinker')).not.toMatch(/^`nodeLinker`/);
    const prose = '* Default: **false**\n\nWhen `nodeLinker` is set, it wins.\n\n```yaml\nnodeLinker: x\n```';
    expect(quotePassage(units(prose), '[1]', 'Settings › nodeLinker')).not.toMatch(/^`nodeLinker`/);
  });

  it('does not take a capitalised topic, nor a phrase, for a key', () => {
    expect(quotePassage(units(MODE), '[1]', 'Settings › Usage')).toMatch(/^In this mode/);
    expect(quotePassage(units(MODE), '[1]', 'Settings › node modules settings')).toMatch(/^In this mode/);
  });

  it('names the command a flag belongs to when the page is titled by it and the quote does not say it', () => {
    const flag = 'List outdated global packages.';
    expect(quotePassage(units(flag), '[2]', 'Options › --global, -g', 'pnpm outdated')).toMatch(
      /^`pnpm outdated`, option `--global, -g` \[2\]:\n\nList outdated/,
    );
    expect(quotePassage(units(flag), '[1]', 'Options › --global, -g', 'pnpm add <pkg>')).toMatch(
      /^`pnpm add <pkg>`, option `--global, -g` \[1\]:/,
    );
    // A page titled by a topic, a quote that names the command, a setting: the flag alone.
    expect(quotePassage(units(flag), '[1]', 'Options › --global, -g', 'Global Packages')).toMatch(
      /^`--global, -g` \[1\]:/,
    );
    expect(
      quotePassage(units(`Run \`pnpm outdated -g\`.`), '[1]', 'Options › --global, -g', 'pnpm outdated'),
    ).toMatch(/^`--global, -g` \[1\]:/);
    expect(quotePassage(units(flag), '[1]', 'Settings › storeDir', 'pnpm config')).toMatch(
      /^`storeDir` \[1\]:/,
    );
  });

  it('names the command a command page’s opening or synopsis says the use of without writing it', () => {
    const intro = 'Obscure password for use in the config file.';
    expect(quotePassage(units(intro), '[3]', 'rclone obscure', 'rclone obscure')).toBe(
      '`rclone obscure` [3]:\n\nObscure password for use in the config file.',
    );
    expect(quotePassage(units(intro), '[1]', '', 'pnpm sbom')).toMatch(/^`pnpm sbom` \[1\]:/);
    expect(quotePassage(units(intro), '[1]', 'rclone obscure › Synopsis', 'rclone obscure')).toMatch(
      /^`rclone obscure` \[1\]:/,
    );
    expect(quotePassage(units(intro), '[1]', '', 'pnpm add <pkg>')).toMatch(/^`pnpm add` \[1\]:/);
  });

  it('does not name the command beside a quote that writes it or holds code, nor off its opening', () => {
    const said = 'Run `rclone obscure password` to obscure it.';
    expect(quotePassage(units(said), '[1]', 'rclone obscure', 'rclone obscure')).toMatch(/^Run /);
    const code = 'Pipe it in:\n\n```\necho secret | rclone obscure -\n```';
    expect(quotePassage(units(code), '[1]', 'rclone obscure', 'rclone obscure')).toMatch(
      /^Pipe it in \[1\]:/,
    );
    const intro = 'Obscure password for use in the config file.';
    expect(quotePassage(units(intro), '[1]', 'rclone obscure › Examples', 'rclone obscure')).toMatch(
      /^Obscure/,
    );
    expect(quotePassage(units(intro), '[1]', '', 'Frequently Asked Questions')).toMatch(/^Obscure/);
  });
});
