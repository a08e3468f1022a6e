import { UnauthenticatedError, ValidationError } from '@docqa/errors';
import type { IntegrationStore, SlackApp } from './integration-store';
import { slackSignatureValid, slackTimestampFresh, type SlackSignatureHeaders } from './slack-signature';

/** A Slack request as it arrived: the raw body its signature covers, and the signing headers. */
export interface SlackRequest extends SlackSignatureHeaders {
  raw: Buffer;
}

/** A verified request: the tenant's Slack app and the body, parsed. */
export interface VerifiedSlackRequest<T> {
  app: SlackApp;
  body: T;
}

/**
 * Checks a Slack request before anything acts on it: the timestamp within five minutes, the
 * workspace one of a tenant's, and the `v0` signature under that app's signing secret (constant
 * time). Any failure is 401, saying only which check failed. Slack's URL verification names no
 * workspace: its signature is checked against each app's secret.
 */
export async function verifySlackRequest<T extends object>(
  store: IntegrationStore,
  request: SlackRequest,
  parse: (raw: Buffer) => T,
  teamOf: (body: T) => string | undefined,
  now: number,
): Promise<VerifiedSlackRequest<T>> {
  if (!slackTimestampFresh(request.timestamp, now))
    throw new UnauthenticatedError('the request’s X-Slack-Request-Timestamp is missing or stale');
  if (!request.signature) throw new UnauthenticatedError('the request has no X-Slack-Signature');
  const body = parse(request.raw);
  const team = teamOf(body);
  const apps = team ? [await store.slackApp(team)] : await store.slackApps();
  const app = apps.find((a) => a !== null && slackSignatureValid(request.raw, request, a.signingSecret));
  if (!app) throw new UnauthenticatedError('unknown Slack workspace or bad signature');
  return { app, body };
}

/** An Events API body (JSON). */
export function parseSlackJson(raw: Buffer): Record<string, unknown> {
  try {
    const body: unknown = JSON.parse(raw.toString('utf8'));
    if (body && typeof body === 'object') return body as Record<string, unknown>;
  } catch {
    // Answered below, as for any body that is not an object.
  }
  throw new ValidationError('the body is not a Slack event (a JSON object)');
}

/** A slash command's or an interaction's body (`application/x-www-form-urlencoded`). */
export function parseSlackForm(raw: Buffer): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(raw.toString('utf8')));
}

/** The JSON `payload` field of an interactivity request. */
export function interactionPayload(form: Record<string, string>): Record<string, unknown> {
  return form.payload ? parseSlackJson(Buffer.from(form.payload)) : {};
}
