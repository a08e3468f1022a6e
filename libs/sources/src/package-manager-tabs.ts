import { CodeFences } from './code-fences';
import { labelledPart } from './labelled-block';
import { jsxAttributes, tagEnd } from './strip-mdx';

/** A `<PackageManagerTabs … />` tag opening a line (Rspress's theme component). */
const TAG = /^[ \t]*<PackageManagerTabs\b/;
/** The package managers Rspress shows a tab for, in its order. */
const MANAGERS = ['npm', 'yarn', 'pnpm', 'bun', 'deno'] as const;

/**
 * Rspress's `<PackageManagerTabs command="add @rspress/plugin-rss -D" />` (on one line or several)
 * as the tabs its page shows: a part per package manager labelled by its name, each its command
 * as a `sh` block, made as the component makes them (`npm add …`, `yarn add …`; `install` with
 * a package as `add` but for npm; `yarn create x@latest` without `@latest`; `dlx` as `npx`, `yarn
 * dlx`, `pnpm dlx`, `bunx`, `deno run -A`; `exec` as `npx` for npm; Deno's packages as `npm:x`);
 * a `command={{ npm: "…", yarn: "…" }}` of its own as written. Code blocks are left alone.
 */
export function packageManagerTabs(markdown: string): string {
  if (!markdown.includes('<PackageManagerTabs')) return markdown;
  const lines = markdown.split('\n');
  const out: string[] = [];
  const fences = new CodeFences();
  for (let i = 0; i < lines.length; i++) {
    if (fences.read(lines[i]!) || !TAG.test(lines[i]!)) {
      out.push(lines[i]!);
      continue;
    }
    const rest = lines.slice(i).join('\n');
    const start = rest.indexOf('<PackageManagerTabs');
    const end = tagEnd(rest, start);
    const commands = tabCommands(rest.slice(start, end));
    if (!commands) {
      out.push(lines[i]!);
      continue;
    }
    i += rest.slice(0, end).split('\n').length - 1;
    const parts = Object.entries(commands).map(([manager, command]) =>
      labelledPart(manager, ['```sh', command, '```'].join('\n')),
    );
    out.push('', ...parts.flatMap((part) => [part, '']));
  }
  return out.join('\n');
}

/** Each package manager's command of a tag (see {@link packageManagerTabs}); undefined without a command. */
function tabCommands(tag: string): Record<string, string> | undefined {
  const attributes = jsxAttributes(tag.replace(/\/?>\s*$/, ''));
  const command = attributes.command;
  if (typeof command !== 'string' || !command.trim()) return undefined;
  // Each manager's own command: `command={{ npm: "npm i x", yarn: "yarn add x" }}`.
  if (command.startsWith('{')) {
    const own = [...command.matchAll(/([\w-]+)\s*:\s*(?:"([^"]*)"|'([^']*)'|`([^`]*)`)/g)];
    return own.length ? Object.fromEntries(own.map((m) => [m[1]!, (m[2] ?? m[3] ?? m[4])!])) : undefined;
  }
  const dlx = attributes.dlx !== undefined && attributes.dlx !== 'false';
  const exec = attributes.exec !== undefined && attributes.exec !== 'false';
  return Object.fromEntries(
    MANAGERS.map((manager) => {
      const written = `${prefix(manager, dlx, exec)} ${command.trim()}`;
      return [manager, manager === 'npm' ? written : normalized(written)];
    }),
  );
}

/** What a manager's command starts with: itself, or how it runs a package (`dlx`, `exec`). */
function prefix(manager: (typeof MANAGERS)[number], dlx: boolean, exec: boolean): string {
  if (dlx)
    return { npm: 'npx', yarn: 'yarn dlx', pnpm: 'pnpm dlx', bun: 'bunx', deno: 'deno run -A' }[manager];
  if (exec) return { npm: 'npx', yarn: 'yarn', pnpm: 'pnpm', bun: 'bun', deno: 'deno run -A' }[manager];
  return manager;
}

/** A yarn, pnpm, bun or Deno command as Rspress writes it from npm's (its `normalizeCommand`). */
function normalized(command: string): string {
  if (command.startsWith('yarn create')) return command.replace(/(yarn create \S+)@latest/, '$1');
  let read = command;
  if (read.startsWith('deno ')) {
    read = read.replace(/deno create\s+(\S+)/, 'deno init --npm $1');
    if (!read.includes('install')) return /--npm|--jsr/.test(read) ? read : denoPackages(read);
  }
  if (!read.includes('install')) return read;
  const bare = read
    .split(' ')
    .filter((part) => !part.startsWith('-'))
    .join(' ');
  if (/^(yarn|pnpm|bun|deno) install$/.test(bare)) return read;
  const added = read.replace(/\binstall\b/, 'add');
  return added.startsWith('deno ') && !/--npm|--jsr/.test(added) ? denoPackages(added) : added;
}

/** A Deno command's package arguments as npm's (`deno add npm:x`): the first only, for `run`. */
function denoPackages(command: string): string {
  const parts = command.split(' ');
  const run = parts[1] === 'run';
  let done = false;
  return parts
    .map((part, i) => {
      if (i < 2 || part.startsWith('-') || part.includes(':') || (run && done)) return part;
      done = true;
      return `npm:${part}`;
    })
    .join(' ');
}
