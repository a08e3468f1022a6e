import { loadConfig, type Config } from '@docqa/config';

let config: Config | undefined;

/**
 * The Config of this CLI run: read from the environment the first time a command needs it, then
 * kept, so a run reads its settings once however many helpers use them (`--help` reads none).
 */
export function cliConfig(): Config {
  return (config ??= loadConfig());
}
