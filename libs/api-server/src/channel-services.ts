import { Channels, type ChannelDeliveries } from '@docqa/channels';
import { SecretBox } from '@docqa/sync';
import type { ApiDeps } from './api-deps';
import { rateAnswer } from './rate-answer';

/** The settings of the Slack and Discord channels (named as in `@docqa/config`). */
export interface ChannelSettings {
  /** Key that seals the integrations' secrets; unset: no integration can be stored. */
  secretsKey?: string;
  slackApiUrl: string;
  discordApiUrl: string;
  /** The API's public URL (Slack's OAuth redirect). */
  publicUrl?: string;
  recordTtlDays: number;
}

/**
 * The API's Slack and Discord channels (DESIGN §15), built over the same services as the HTTP
 * routes: questions asked through the QuestionService, ratings through {@link rateAnswer}, member
 * budgets through the question rate limiter; the answers go to `deliveries`, for the worker to post.
 */
export function createChannels(
  config: ChannelSettings,
  deps: Pick<ApiDeps, 'redis' | 'keys' | 'logger' | 'questions' | 'feedback' | 'insights' | 'rateLimiter'>,
  deliveries: ChannelDeliveries,
): Channels {
  return new Channels({
    redis: deps.redis,
    keys: deps.keys,
    secrets: new SecretBox(config.secretsKey),
    logger: deps.logger.child({ component: 'channels' }),
    slackApiUrl: config.slackApiUrl,
    discordApiUrl: config.discordApiUrl,
    publicUrl: config.publicUrl,
    ttlSeconds: config.recordTtlDays * 86400,
    deliveries,
    engine: {
      ask: (asker, request, channel) => deps.questions.ask(asker, request, { channel }),
      rate: (tenant, questionId, feedback) => rateAnswer(deps, tenant, questionId, feedback),
      consumeMember: (integration, member) => deps.rateLimiter.consumeMember(integration, member),
    },
  });
}
