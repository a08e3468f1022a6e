import type { Redis } from 'ioredis';
import { ValidationError } from '@docqa/errors';
import type { Filter, IntegrationKind, Integrations } from '@docqa/contracts';
import type { Keys } from '@docqa/redis';
import type { SecretBox } from '@docqa/sync';

/** A tenant's Slack app as the events endpoint needs it: secrets in the clear, in memory only. */
export interface SlackApp {
  tenant: string;
  teamId: string;
  teamName: string | null;
  botUserId: string;
  signingSecret: string;
  botToken: string;
  filters: Filter[];
}

/** A tenant's Slack app credentials for the OAuth v2 install flow. */
export interface SlackOAuthApp {
  clientId: string;
  clientSecret: string;
  signingSecret: string;
  filters: Filter[];
}

/** A tenant's Discord application as the interactions endpoint needs it. */
export interface DiscordApp {
  tenant: string;
  applicationId: string;
  publicKey: string;
  botToken: string;
  filters: Filter[];
}

/** What is stored per integration: the public parts, and the secrets sealed by the SecretBox. */
interface StoredIntegration {
  /** Slack workspace id or Discord application id: what requests name their tenant by. */
  owner: string;
  public: Record<string, string | null>;
  sealed: Record<string, string>;
  filters: Filter[];
  updated_at: string;
}

/**
 * The tenants' Slack and Discord integrations in Redis, their secrets encrypted with
 * `SECRETS_KEY` (the SecretBox that seals sources' GitHub tokens), found again by the workspace
 * or application id an incoming request names. Secrets leave this class only in a
 * {@link SlackApp} or {@link DiscordApp}, never in {@link Integrations}.
 */
export class IntegrationStore {
  constructor(private readonly deps: { redis: Redis; keys: Keys; secrets: SecretBox }) {}

  async putSlack(app: SlackApp): Promise<void> {
    await this.put('slack', app.tenant, {
      owner: app.teamId,
      public: { team_id: app.teamId, team_name: app.teamName, bot_user_id: app.botUserId },
      sealed: {
        signing_secret: this.deps.secrets.seal(app.signingSecret),
        bot_token: this.deps.secrets.seal(app.botToken),
      },
      filters: app.filters,
      updated_at: new Date().toISOString(),
    });
  }

  async putDiscord(app: DiscordApp): Promise<void> {
    await this.put('discord', app.tenant, {
      owner: app.applicationId,
      public: { application_id: app.applicationId, public_key: app.publicKey },
      sealed: { bot_token: this.deps.secrets.seal(app.botToken) },
      filters: app.filters,
      updated_at: new Date().toISOString(),
    });
  }

  /** Stores the Slack app's OAuth credentials of the tenant, for its install flow. */
  async putSlackOAuth(tenant: string, app: SlackOAuthApp): Promise<void> {
    const sealed = {
      signing_secret: this.deps.secrets.seal(app.signingSecret),
      client_secret: this.deps.secrets.seal(app.clientSecret),
    };
    const stored = { client_id: app.clientId, sealed, filters: app.filters };
    await this.deps.redis.set(this.deps.keys.integration('slack-oauth', tenant), JSON.stringify(stored));
  }

  /** The tenant's Slack OAuth credentials, or null. */
  async slackOAuthOf(tenant: string): Promise<SlackOAuthApp | null> {
    const raw = await this.deps.redis.get(this.deps.keys.integration('slack-oauth', tenant));
    if (!raw) return null;
    const stored = JSON.parse(raw) as {
      client_id: string;
      sealed: Record<string, string>;
      filters: Filter[];
    };
    return {
      clientId: stored.client_id,
      signingSecret: this.deps.secrets.open(stored.sealed.signing_secret!),
      clientSecret: this.deps.secrets.open(stored.sealed.client_secret!),
      filters: stored.filters,
    };
  }

  /** Which integrations the tenant has, without any secret. */
  async describe(tenant: string): Promise<Omit<Integrations, 'slack_install_url'>> {
    const [slack, discord] = await Promise.all([this.read('slack', tenant), this.read('discord', tenant)]);
    return {
      slack: slack && {
        team_id: slack.owner,
        team_name: slack.public.team_name ?? null,
        bot_user_id: slack.public.bot_user_id ?? '',
        filters: slack.filters,
        updated_at: slack.updated_at,
      },
      discord: discord && {
        application_id: discord.owner,
        filters: discord.filters,
        updated_at: discord.updated_at,
      },
    };
  }

  /** Removes the tenant's integration; false when it had none. */
  async remove(kind: IntegrationKind, tenant: string): Promise<boolean> {
    const stored = await this.read(kind, tenant);
    if (!stored) return false;
    await this.deps.redis
      .multi()
      .del(this.deps.keys.integration(kind, tenant), this.deps.keys.integration(`${kind}-oauth`, tenant))
      .hdel(this.deps.keys.integrationIndex(kind), stored.owner)
      .exec();
    return true;
  }

  /** The Slack app of a workspace, or null when no tenant installed one there. */
  async slackApp(teamId: string): Promise<SlackApp | null> {
    const tenant = await this.deps.redis.hget(this.deps.keys.integrationIndex('slack'), teamId);
    return tenant ? this.slackAppOf(tenant) : null;
  }

  /** The tenant's Slack app, or null. */
  async slackAppOf(tenant: string): Promise<SlackApp | null> {
    const stored = await this.read('slack', tenant);
    if (!stored) return null;
    return {
      tenant,
      teamId: stored.owner,
      teamName: stored.public.team_name ?? null,
      botUserId: stored.public.bot_user_id ?? '',
      signingSecret: this.deps.secrets.open(stored.sealed.signing_secret!),
      botToken: this.deps.secrets.open(stored.sealed.bot_token!),
      filters: stored.filters,
    };
  }

  /**
   * Every Slack app: Slack's URL verification request names no workspace, so its signature is
   * checked against each signing secret.
   */
  async slackApps(): Promise<SlackApp[]> {
    const tenants = await this.deps.redis.hvals(this.deps.keys.integrationIndex('slack'));
    const apps = await Promise.all(tenants.map((tenant) => this.slackAppOf(tenant)));
    return apps.filter((app): app is SlackApp => app !== null);
  }

  /** The Discord application of an application id, or null when no tenant configured it. */
  async discordApp(applicationId: string): Promise<DiscordApp | null> {
    const tenant = await this.deps.redis.hget(this.deps.keys.integrationIndex('discord'), applicationId);
    return tenant ? this.discordAppOf(tenant) : null;
  }

  /** The tenant's Discord application, or null. */
  async discordAppOf(tenant: string): Promise<DiscordApp | null> {
    const stored = await this.read('discord', tenant);
    if (!stored) return null;
    return {
      tenant,
      applicationId: stored.owner,
      publicKey: stored.public.public_key ?? '',
      botToken: this.deps.secrets.open(stored.sealed.bot_token!),
      filters: stored.filters,
    };
  }

  /**
   * Stores an integration and indexes it by its owner. A workspace or application belongs to one
   * tenant: another tenant's claim on it is refused (400).
   */
  private async put(kind: IntegrationKind, tenant: string, stored: StoredIntegration): Promise<void> {
    const { redis, keys } = this.deps;
    const owner = await redis.hget(keys.integrationIndex(kind), stored.owner);
    if (owner && owner !== tenant)
      throw new ValidationError(
        `this ${kind === 'slack' ? 'Slack workspace' : 'Discord application'} is connected to another tenant`,
        {
          errors: [
            {
              path: kind === 'slack' ? 'body.bot_token' : 'body.application_id',
              message: 'connected to another tenant',
            },
          ],
        },
      );
    const previous = await this.read(kind, tenant);
    const tx = redis.multi();
    if (previous && previous.owner !== stored.owner) tx.hdel(keys.integrationIndex(kind), previous.owner);
    await tx
      .set(keys.integration(kind, tenant), JSON.stringify(stored))
      .hset(keys.integrationIndex(kind), stored.owner, tenant)
      .exec();
  }

  private async read(kind: IntegrationKind, tenant: string): Promise<StoredIntegration | null> {
    const raw = await this.deps.redis.get(this.deps.keys.integration(kind, tenant));
    return raw ? (JSON.parse(raw) as StoredIntegration) : null;
  }
}
