import type { Redis } from 'ioredis';
import { ValidationError } from '@docqa/errors';
import type { Logger } from 'pino';
import type { DiscordIntegrationRequest, Integrations, SlackIntegrationRequest } from '@docqa/contracts';
import type { Keys } from '@docqa/redis';
import type { SecretBox } from '@docqa/sync';
import type { ChannelDeliveries, ChannelEngine } from './channel-engine';
import { ChannelThreads } from './channel-threads';
import { DeliveryState } from './delivery-state';
import { DiscordChannel } from './discord-channel';
import { IntegrationStore } from './integration-store';
import { SlackChannel } from './slack-channel';
import { SlackInstall } from './slack-install';
import { slackClient, slackIdentity } from './slack-client';

/** Options of {@link Channels}. */
export interface ChannelsOptions {
  redis: Redis;
  keys: Keys;
  /** Seals the integrations' secrets (`SECRETS_KEY`). */
  secrets: SecretBox;
  engine: ChannelEngine;
  /** The `deliveries` queue: the worker posts the answers. */
  deliveries: ChannelDeliveries;
  logger: Logger;
  /** `SLACK_API_URL`. */
  slackApiUrl: string;
  /** `DISCORD_API_URL`. */
  discordApiUrl: string;
  /** `PUBLIC_URL`: Slack's OAuth install flow needs one. */
  publicUrl?: string;
  /** How long a thread's link to its chat lives, seconds (the records' TTL). */
  ttlSeconds: number;
  /** @defaultValue Date.now */
  now?: () => number;
}

/**
 * Slack and Discord over one engine, in the API: the tenants' integrations and the two adapters,
 * which record questions and hand their answers to the worker (`ChannelDelivery`) to post.
 */
export class Channels {
  readonly store: IntegrationStore;
  readonly slack: SlackChannel;
  readonly discord: DiscordChannel;
  readonly slackInstall: SlackInstall;

  constructor(private readonly opts: ChannelsOptions) {
    const { redis, keys, ttlSeconds } = opts;
    this.store = new IntegrationStore({ redis, keys, secrets: opts.secrets });
    const threads = new ChannelThreads({ redis, keys, ttlSeconds });
    const shared = { ...opts, store: this.store, threads };
    this.slack = new SlackChannel({ ...shared, apiUrl: opts.slackApiUrl });
    this.discord = new DiscordChannel({
      ...shared,
      state: new DeliveryState({ redis, keys, secrets: opts.secrets }),
    });
    this.slackInstall = new SlackInstall({ ...shared, apiUrl: opts.slackApiUrl });
  }

  /** Which integrations the tenant has (never a secret), with Slack's install link when it has one. */
  async describe(tenant: string): Promise<Integrations> {
    const [connected, installUrl] = await Promise.all([
      this.store.describe(tenant),
      this.slackInstall.installUrl(tenant),
    ]);
    return { ...connected, slack_install_url: installUrl };
  }

  /**
   * Connects the tenant's Slack app: Slack's `auth.test` says which workspace the bot token is of
   * (400 when Slack refuses it), then the secrets are stored encrypted.
   */
  async connectSlack(tenant: string, request: SlackIntegrationRequest): Promise<void> {
    this.requireSecretsKey('body.bot_token');
    const identity = await slackIdentity(
      slackClient(request.bot_token, this.opts.slackApiUrl, this.opts.logger),
    );
    await this.store.putSlack({
      tenant,
      ...identity,
      signingSecret: request.signing_secret,
      botToken: request.bot_token,
      filters: request.filters ?? [],
    });
  }

  /** Connects the tenant's Discord application (its token stored encrypted). */
  async connectDiscord(tenant: string, request: DiscordIntegrationRequest): Promise<void> {
    this.requireSecretsKey('body.bot_token');
    await this.store.putDiscord({
      tenant,
      applicationId: request.application_id,
      publicKey: request.public_key.toLowerCase(),
      botToken: request.bot_token,
      filters: request.filters ?? [],
    });
  }

  /** 400 naming `path` when the server has no `SECRETS_KEY` to encrypt the secrets with. */
  requireSecretsKey(path: string): void {
    if (!this.opts.secrets.hasKey)
      throw new ValidationError('set SECRETS_KEY on the server to store Slack and Discord secrets', {
        errors: [{ path, message: 'the server has no SECRETS_KEY to encrypt it with' }],
      });
  }

  /** Resolves once the Slack dialogs opened so far are open (answers are the worker's). */
  async idle(): Promise<void> {
    await this.slack.idle();
  }

  /** Lets the dialogs being opened finish. */
  async close(): Promise<void> {
    await this.idle();
  }
}
