import type { Command } from 'commander';

/** The tenant a short-lived token is minted for when neither a token nor `--tenant` is given. */
export const DEFAULT_CLI_TENANT = 'demo';

/** What the options of {@link withConnectionOptions} parse to. */
export interface ConnectionOptions {
  url?: string;
  token?: string;
  /** Only for a token the CLI mints; a given token acts on its own tenant. */
  tenant?: string;
}

/** Options every HTTP command takes. */
export function withConnectionOptions(command: Command): Command {
  return command
    .option('--url <url>', 'API base URL (DOCQA_URL)')
    .option('--token <token>', 'API token (DOCQA_TOKEN)')
    .option(
      '--tenant <tenant>',
      `tenant to mint a short-lived token for when no token is given (default: ${DEFAULT_CLI_TENANT})`,
    );
}
