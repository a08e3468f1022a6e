/** Local stand-ins of Slack's and Discord's APIs, for tests and the channels benchmark. */
export { PlatformStandIn, type Failure, type RecordedCall } from './testing/platform-stand-in';
export { SLACK_GONE_CHANNEL, startSlackStandIn, type SlackWorkspace } from './testing/slack-stand-in';
export {
  discordTestApp,
  signDiscord,
  startDiscordStandIn,
  type DiscordTestApp,
} from './testing/discord-stand-in';
