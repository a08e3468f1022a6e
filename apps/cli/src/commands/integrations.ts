import type { Command } from 'commander';

/** `integrations discord register`: Slack and Discord integrations of a tenant (Redis directly). */
export function integrationsCommand(program: Command): void {
  const integrations = program
    .command('integrations')
    .description('Slack and Discord integrations of a tenant (talks to Redis directly; needs SECRETS_KEY)');
  const discord = integrations.command('discord').description('The tenant’s Discord application');
  discord
    .command('register')
    .description('Register the /ask command of the tenant’s Discord application (set it in the portal first)')
    .requiredOption('--tenant <tenant>', 'tenant whose Discord application to register /ask for')
    .action(async (opts: { tenant: string }) => {
      const { registerDiscordAsk } = await import('./discord-register');
      const applicationId = await registerDiscordAsk(opts.tenant);
      process.stderr.write(
        `registered /ask for Discord application ${applicationId} of tenant ${opts.tenant}\n`,
      );
    });
}
