import { createHmac, timingSafeEqual } from 'node:crypto';

/** How far a Slack request's timestamp may be from now, seconds (Slack's own advice). */
export const SLACK_MAX_SKEW_SECONDS = 5 * 60;

/** The two headers Slack signs a request with. */
export interface SlackSignatureHeaders {
  /** `X-Slack-Request-Timestamp`, Unix seconds. */
  timestamp: string | undefined;
  /** `X-Slack-Signature`, `v0=<hex HMAC-SHA256>`. */
  signature: string | undefined;
}

/** Whether the request's timestamp is within {@link SLACK_MAX_SKEW_SECONDS} of `nowMs` (replays are older). */
export function slackTimestampFresh(timestamp: string | undefined, nowMs: number): boolean {
  if (!timestamp || !/^\d{1,12}$/.test(timestamp)) return false;
  return Math.abs(nowMs / 1000 - Number(timestamp)) <= SLACK_MAX_SKEW_SECONDS;
}

/**
 * Whether `signature` is Slack's `v0` signature of the raw body under `signingSecret`:
 * HMAC-SHA256 of `v0:<timestamp>:<body>`, compared in constant time.
 */
export function slackSignatureValid(
  raw: Buffer,
  headers: SlackSignatureHeaders,
  signingSecret: string,
): boolean {
  if (!headers.timestamp || !headers.signature?.startsWith('v0=')) return false;
  const expected = Buffer.from(signSlackRequest(raw, headers.timestamp, signingSecret));
  const given = Buffer.from(headers.signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The `X-Slack-Signature` of a body sent at `timestamp` (Unix seconds). */
export function signSlackRequest(raw: Buffer | string, timestamp: string, signingSecret: string): string {
  const hmac = createHmac('sha256', signingSecret).update(`v0:${timestamp}:`).update(raw);
  return `v0=${hmac.digest('hex')}`;
}
