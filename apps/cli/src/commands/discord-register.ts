import { IntegrationStore, registerDiscordCommands } from '@docqa/channels';
import { SecretBox } from '@docqa/sync';
import { cliConfig } from './cli-config';
import { withRedis } from './redis-clients';

/**
 * Registers `/ask` for the tenant's Discord application, reading its bot token from the Redis of
 * REDIS_URL with SECRETS_KEY; returns the application id. Loaded only when the command runs.
 */
export function registerDiscordAsk(tenant: string): Promise<string> {
  const config = cliConfig();
  return withRedis(({ redis, keys }) =>
    registerDiscordCommands(
      new IntegrationStore({ redis, keys, secrets: new SecretBox(config.secretsKey) }),
      config.discordApiUrl,
      tenant,
    ),
  );
}
