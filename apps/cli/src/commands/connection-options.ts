import type { Command } from 'commander';

/** Options every HTTP command takes. */
export function withConnectionOptions(command: Command): Command {
  return command
    .option('--url <url>', 'API base URL (DOCQA_URL)')
    .option('--token <token>', 'API token (DOCQA_TOKEN)')
    .option('--tenant <tenant>', 'tenant to mint a short-lived token for when none is given', 'demo');
}
