import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** A token the CLI keeps, and until when it hands it out (ms since the epoch). */
interface KeptToken {
  token: string;
  reuse_until: number;
}

/**
 * The short-lived tokens the CLI minted for itself, in `cli-tokens.json` of its config folder:
 * the folder is its user's alone (0700) and the file too (0600), so neither other users of the
 * machine nor readers of Redis (which holds token hashes only) get a usable token.
 */
export class CliTokenFile {
  readonly path: string;

  constructor(
    private readonly dir: string,
    private readonly now: () => number = Date.now,
  ) {
    this.path = join(dir, 'cli-tokens.json');
  }

  /** The token kept for `entry`, or null when there is none or it is past its reuse time. */
  async get(entry: string): Promise<string | null> {
    const kept = (await this.read())[entry];
    return kept && kept.reuse_until > this.now() ? kept.token : null;
  }

  /**
   * Keeps `token` for `entry` until `reuseUntil`, dropping entries past theirs. The file is
   * replaced whole (written aside, then renamed), so a command never reads half of it; two
   * commands writing at once may lose one entry, which only costs a new token next time.
   */
  async put(entry: string, token: string, reuseUntil: number): Promise<void> {
    const now = this.now();
    const live = Object.entries(await this.read()).filter(([, kept]) => kept.reuse_until > now);
    const tokens = Object.fromEntries([...live, [entry, { token, reuse_until: reuseUntil }]]);
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const aside = `${this.path}.${process.pid}.tmp`;
    await writeFile(aside, `${JSON.stringify(tokens, null, 2)}\n`, { mode: 0o600 });
    // writeFile's mode is cut by the umask and ignored for an existing file: set it for certain.
    await chmod(aside, 0o600);
    await rename(aside, this.path);
  }

  /** Every entry of the file; none when it is missing or not a file this class wrote. */
  private async read(): Promise<Record<string, KeptToken>> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(await readFile(this.path, 'utf8'));
    } catch {
      return {};
    }
    if (!parsed || typeof parsed !== 'object') return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (pair): pair is [string, KeptToken] =>
          typeof pair[1]?.token === 'string' && typeof pair[1]?.reuse_until === 'number',
      ),
    );
  }
}
