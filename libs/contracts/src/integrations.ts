import { FilterSchema } from './filter';
import { z } from './zod';

/** The chat platforms docqa answers in (DESIGN §15); each is also a question {@link Channel}. */
export const IntegrationKindSchema = z.enum(['slack', 'discord']).openapi('IntegrationKind');
export type IntegrationKind = z.infer<typeof IntegrationKindSchema>;

/** Filters the server ANDs into every question asked through an integration, as a widget token's. */
const IntegrationFiltersSchema = z.array(FilterSchema).max(20).optional().openapi({
  description:
    'Filters ANDed into every question asked through this integration (as a widget token’s filters), so a channel only reaches these documents.',
});

/** `PUT /admin/integrations/slack`: the tenant's Slack app; the secrets are stored encrypted. */
export const SlackIntegrationRequestSchema = z
  .object({
    signing_secret: z
      .string()
      .regex(
        /^[0-9a-fA-F]{16,128}$/,
        'must be the app’s signing secret (hexadecimal, Basic Information page)',
      )
      .openapi({ description: 'The Slack app’s signing secret. Stored encrypted, never returned.' }),
    bot_token: z
      .string()
      .regex(/^xoxb-[\w-]{10,250}$/, 'must be a bot token (xoxb-…)')
      .openapi({ description: 'The bot user OAuth token (`xoxb-…`). Stored encrypted, never returned.' }),
    filters: IntegrationFiltersSchema,
  })
  .strict()
  .openapi('SlackIntegrationRequest', {
    example: {
      signing_secret: '8f742231b10e8888abcd99aabbcc85a5',
      bot_token: 'xoxb-17653672481-19874698323-pdFZKVeTuE8sk7oOcBrzbqgy',
    },
  });
export type SlackIntegrationRequest = z.infer<typeof SlackIntegrationRequestSchema>;

/**
 * `PUT /admin/integrations/slack/oauth`: the Slack app's credentials for its OAuth v2 install flow
 * (the installation needs a public URL); the bot token then comes from Slack when an admin installs it.
 */
export const SlackOAuthAppRequestSchema = z
  .object({
    signing_secret: SlackIntegrationRequestSchema.shape.signing_secret,
    client_id: z
      .string()
      .regex(/^\d+\.\d+$/, 'must be the app’s client id (Basic Information → App Credentials)')
      .openapi({ description: 'The Slack app’s client id.' }),
    client_secret: z
      .string()
      .regex(/^[0-9a-fA-F]{16,128}$/, 'must be the app’s client secret (hexadecimal)')
      .openapi({ description: 'The Slack app’s client secret. Stored encrypted, never returned.' }),
    filters: IntegrationFiltersSchema,
  })
  .strict()
  .openapi('SlackOAuthAppRequest', {
    example: {
      signing_secret: '8f742231b10e8888abcd99aabbcc85a5',
      client_id: '17653672481.19874698323',
      client_secret: '3e9f0c5b7a1d2e4f6a8b0c1d2e3f4a5b',
    },
  });
export type SlackOAuthAppRequest = z.infer<typeof SlackOAuthAppRequestSchema>;

/** The query Slack redirects an install to (`GET /integrations/slack/oauth`). */
export const SlackOAuthCallbackQuerySchema = z.object({
  code: z
    .string()
    .min(1)
    .max(500)
    .optional()
    .openapi({ description: 'The code to exchange for the bot token.' }),
  state: z.string().min(1).max(2000).openapi({ description: 'What docqa put in the install link.' }),
  error: z
    .string()
    .max(200)
    .optional()
    .openapi({ description: 'Why Slack did not install (e.g. access_denied).' }),
});

/** `PUT /admin/integrations/discord`: the tenant's Discord application; the token is stored encrypted. */
export const DiscordIntegrationRequestSchema = z
  .object({
    application_id: z
      .string()
      .regex(/^\d{15,25}$/, 'must be the application id (a Discord snowflake)')
      .openapi({ description: 'The Discord application’s id (General Information page).' }),
    public_key: z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'must be the application’s public key (64 hexadecimal digits)')
      .openapi({ description: 'The application’s public key, which signs its interactions.' }),
    bot_token: z
      .string()
      .min(30)
      .max(200)
      .regex(/^[\w.-]+$/, 'must be the bot’s token (Bot page)')
      .openapi({ description: 'The bot’s token. Stored encrypted, never returned.' }),
    filters: IntegrationFiltersSchema,
  })
  .strict()
  .openapi('DiscordIntegrationRequest', {
    example: {
      application_id: '1187654321098765432',
      public_key: '3c1b0e9d3f5c7a4e8b2d6f0a1c3e5b7d9f1a3c5e7b9d1f3a5c7e9b1d3f5a7c9e',
      bot_token: 'MTE4NzY1NDMyMTA5ODc2NTQzMg.GxYzAb.abcdefghijklmnopqrstuvwxyz0123456789',
    },
  });
export type DiscordIntegrationRequest = z.infer<typeof DiscordIntegrationRequestSchema>;

/** `GET /admin/integrations/`: which integrations the tenant has, never their secrets. */
export const IntegrationsSchema = z
  .object({
    slack: z
      .object({
        team_id: z.string().openapi({ description: 'The Slack workspace the bot token belongs to.' }),
        team_name: z.string().nullable(),
        bot_user_id: z.string(),
        filters: z.array(FilterSchema),
        updated_at: z.string(),
      })
      .nullable(),
    discord: z
      .object({
        application_id: z.string(),
        filters: z.array(FilterSchema),
        updated_at: z.string(),
      })
      .nullable(),
    slack_install_url: z.string().nullable().openapi({
      description:
        'The "Add to Slack" link of the OAuth v2 install flow, when the Slack app’s credentials are set and the installation has a public URL.',
    }),
  })
  .openapi('Integrations', {
    example: {
      slack: {
        team_id: 'T0123ABCD',
        team_name: 'Acme',
        bot_user_id: 'U0BOT1234',
        filters: [],
        updated_at: '2026-11-29T08:00:00.000Z',
      },
      discord: null,
      slack_install_url: null,
    },
  });
export type Integrations = z.infer<typeof IntegrationsSchema>;

/** Slack's Events API body, as documented (the endpoint reads and verifies the raw bytes). */
export const SlackEventBodySchema = z
  .object({
    type: z.enum(['url_verification', 'event_callback']),
    team_id: z.string().optional(),
    api_app_id: z.string().optional(),
    event_id: z.string().optional(),
    challenge: z.string().optional(),
    event: z.record(z.string(), z.unknown()).optional(),
  })
  .openapi('SlackEvent', {
    example: {
      type: 'event_callback',
      team_id: 'T0123ABCD',
      api_app_id: 'A0123ABCD',
      event_id: 'Ev0123ABCD',
      event: {
        type: 'app_mention',
        user: 'U0123ABCD',
        text: '<@U0BOT1234> How do I create a token?',
        ts: '1732000000.000100',
        channel: 'C0123ABCD',
      },
    },
    description:
      'An Events API request from Slack: `url_verification` (answered with its `challenge`) or an `event_callback` with an `app_mention` or `message` event. Signed with `X-Slack-Signature` and `X-Slack-Request-Timestamp`.',
  });

/** A slash command or interactivity request from Slack (form-encoded), as documented. */
export const SlackFormBodySchema = z
  .object({
    team_id: z.string().optional(),
    text: z.string().optional(),
    payload: z.string().optional().openapi({ description: 'Interactivity: the action or dialog, as JSON.' }),
  })
  .openapi('SlackForm', {
    example: { team_id: 'T0123ABCD', text: 'How do I create a token?' },
  });

/** A Discord interaction, as documented (the endpoint reads and verifies the raw bytes). */
export const DiscordInteractionSchema = z
  .object({
    id: z.string(),
    application_id: z.string(),
    type: z.number().int().openapi({ description: '1 PING, 2 command, 3 component, 5 modal submit.' }),
    token: z.string().optional(),
    data: z.record(z.string(), z.unknown()).optional(),
  })
  .openapi('DiscordInteraction', {
    example: {
      id: '1187654321098765999',
      application_id: '1187654321098765432',
      type: 2,
      token: 'aW50ZXJhY3Rpb24tdG9rZW4',
      data: { name: 'ask', options: [{ name: 'question', type: 3, value: 'How do I create a token?' }] },
    },
  });
