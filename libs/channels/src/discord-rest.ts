import { REST } from '@discordjs/rest';
import { NotFoundError } from '@docqa/errors';
import type { IntegrationStore } from './integration-store';

/** The `/ask` command as {@link registerDiscordCommands} registers it. */
export const ASK_COMMAND = {
  name: 'ask',
  type: 1,
  description: 'Ask the docs a question',
  options: [
    { type: 3, name: 'question', description: 'What do you want to know?', required: true, max_length: 4000 },
  ],
};

/**
 * A Discord REST client (API v10) at `apiUrl` (`DISCORD_API_URL`): Discord's rate limits queued
 * as its headers say (`429` waited out), a few retries of 5xx and time-outs.
 */
export function discordRest(apiUrl: string, botToken?: string): REST {
  const rest = new REST({ api: apiUrl.replace(/\/$/, ''), version: '10', retries: 3, timeout: 10_000 });
  return botToken ? rest.setToken(botToken) : rest;
}

/**
 * Registers `/ask` as the global command of the tenant's Discord application, with its bot token
 * (`docqa integrations discord register`); returns the application id. NotFoundError when the
 * tenant has no Discord integration.
 */
export async function registerDiscordCommands(
  store: IntegrationStore,
  apiUrl: string,
  tenant: string,
): Promise<string> {
  const app = await store.discordAppOf(tenant);
  if (!app)
    throw new NotFoundError(`tenant ${tenant} has no Discord integration; set one in the portal first`);
  const rest = discordRest(apiUrl, app.botToken);
  try {
    await rest.put(`/applications/${app.applicationId}/commands`, { body: [ASK_COMMAND] });
  } finally {
    rest.clearHashSweeper();
    rest.clearHandlerSweeper();
  }
  return app.applicationId;
}
