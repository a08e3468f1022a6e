/** Slack and Discord as channels of the same engine (DESIGN §15). */
export { Channels, type ChannelsOptions } from './channels';
export { ChannelDelivery, type ChannelDeliveryOptions } from './channel-delivery';
export { type AnswerFeed, type ChannelDeliveries, type ChannelEngine } from './channel-engine';
export { IntegrationStore, type DiscordApp, type SlackApp } from './integration-store';
export { SlackChannel } from './slack-channel';
export { type SlackRequest } from './slack-request';
export { signSlackRequest } from './slack-signature';
export { DiscordChannel, type DiscordRequest } from './discord-channel';
export { ASK_COMMAND, registerDiscordCommands } from './discord-rest';
export { slackMessage, type SlackMessage } from './slack-message';
export { discordMessage, type DiscordMessage } from './discord-message';
export { type AnswerDraft } from './answer-relay';
export { SLACK_BOT_SCOPES, SlackInstall } from './slack-install';
