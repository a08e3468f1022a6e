import { execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import type { Redis } from 'ioredis';
import { IntegrationStore } from '@docqa/channels';
import { discordTestApp, startDiscordStandIn, type PlatformStandIn } from '@docqa/channels/testing';
import { Keys } from '@docqa/redis';
import { SecretBox } from '@docqa/sync';
import { deletePrefix, testPrefix, testRedis, testRedisUrl } from '@docqa/testing';

const root = join(__dirname, '../../..');
const prefix = testPrefix('cli-integrations');
const SECRETS_KEY = 'cli spec secrets key, 16+ chars';
const APP = discordTestApp('500000000000000005', 'cli-bot-token.discord.secret-0005');

/** Runs the built CLI with the test Redis, the secrets key and the Discord stand-in (asynchronously: the stand-in answers in this process). */
function docqa(discordUrl: string, ...args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(root, 'dist/apps/cli/main.js'), ...args], {
      env: {
        ...process.env,
        REDIS_URL: testRedisUrl(),
        REDIS_PREFIX: prefix,
        SECRETS_KEY,
        DISCORD_API_URL: discordUrl,
      },
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe('docqa integrations discord register', () => {
  let redis: Redis;
  let discord: PlatformStandIn;

  beforeAll(async () => {
    execFileSync(process.execPath, [join(root, 'tools/build.mjs'), '--only', 'cli', '--quiet'], {
      cwd: root,
    });
    redis = testRedis();
    discord = await startDiscordStandIn([APP]);
    await new IntegrationStore({
      redis,
      keys: new Keys(prefix),
      secrets: new SecretBox(SECRETS_KEY),
    }).putDiscord({
      tenant: 'acme',
      applicationId: APP.applicationId,
      publicKey: APP.publicKey,
      botToken: APP.botToken,
      filters: [],
    });
  });
  afterAll(async () => {
    await discord.close();
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  it('registers /ask with the tenant’s bot token', async () => {
    const run = await docqa(discord.url, 'integrations', 'discord', 'register', '--tenant', 'acme');
    expect(run).toEqual({
      code: 0,
      stderr: `registered /ask for Discord application ${APP.applicationId} of tenant acme\n`,
    });
    const [call] = discord.callsOf(`PUT /applications/${APP.applicationId}/commands`);
    expect(call!.headers.authorization).toBe(`Bot ${APP.botToken}`);
    expect(call!.args).toEqual([
      expect.objectContaining({ name: 'ask', options: [expect.objectContaining({ name: 'question' })] }),
    ]);
  });

  it('says so for a tenant without a Discord integration, and exits 1', async () => {
    const run = await docqa(discord.url, 'integrations', 'discord', 'register', '--tenant', 'initech');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('tenant initech has no Discord integration');
  });
});
