import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
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
export const home = (href: string) =>
  `Acme docs: install the Acme CLI, then [Sign in](${href}) with your account.`;
/** The second page's text. */
export const SIGN_IN = 'Run `acme login` and follow the browser.';

/** Runs a command to its end; on failure, its output is the error. */
export function run(command: string, args: string[], cwd?: string): void {
  try {
    execFileSync(command, args, { cwd, stdio: 'pipe', timeout: 600_000 });
  } catch (err) {
    const e = err as { stderr?: Buffer; stdout?: Buffer; message: string };
    throw new Error(`${command} ${args.join(' ')} failed: ${String(e.stderr || e.stdout || e.message)}`);
  }
}

/** Whether a command runs (`--version` or the like answers). */
export const runs = (command: string, args: string[]) =>
  spawnSync(command, args, { stdio: 'ignore' }).status === 0;

/** Writes `files` (path under `dir`: content) into `dir`; returns `dir`. */
export function writeFiles(dir: string, files: Record<string, string>): string {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

export const scratch = (name: string, parent = tmpdir()) => mkdtempSync(join(parent, `docqa-site-${name}-`));

/**
 * Why a generator installed with npm in the folder the environment variable `env` names cannot be
 * checked (`packages`: what to install there; `probe`: a path under its node_modules), or undefined.
 */
export function installedIn(env: string, packages: string, probe: string): string | undefined {
  const dir = process.env[env];
  if (!dir) return `set ${env} to a folder with ${packages} installed`;
  if (!existsSync(join(dir, 'node_modules', probe))) return `no ${probe} in ${dir}/node_modules`;
  return undefined;
}
