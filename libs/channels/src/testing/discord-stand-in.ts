import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { PlatformStandIn, type Reply } from './platform-stand-in';

/** A Discord application of the stand-in, with the key pair its interactions are signed with. */
export interface DiscordTestApp {
  applicationId: string;
  botToken: string;
  /** Hex, as the developer portal shows it. */
  publicKey: string;
  privateKey: KeyObject;
}

/** A new application id's key pair, as Discord keeps one per application. */
export function discordTestApp(applicationId: string, botToken: string): DiscordTestApp {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const der = publicKey.export({ format: 'der', type: 'spki' });
  return { applicationId, botToken, publicKey: der.subarray(der.length - 32).toString('hex'), privateKey };
}

/** The `X-Signature-Ed25519` Discord sends with `body` at `timestamp`. */
export function signDiscord(app: DiscordTestApp, timestamp: string, body: string): string {
  return sign(null, Buffer.from(timestamp + body), app.privateKey).toString('hex');
}

/**
 * A local Discord REST API (v10): editing an interaction's original response through its webhook
 * and overwriting an application's commands with its bot token (401 without it), answered as
 * Discord does; `429` with `Retry-After` when scripted. Every call recorded.
 */
export async function startDiscordStandIn(apps: DiscordTestApp[]): Promise<PlatformStandIn> {
  const handle = (method: string, args: Record<string, unknown>, headers: Record<string, unknown>): Reply => {
    const webhook = /^PATCH \/webhooks\/(\d+)\/([^/]+)\/messages\/@original$/.exec(method);
    if (webhook) {
      if (!apps.some((a) => a.applicationId === webhook[1]))
        return { status: 404, body: { message: 'Unknown Webhook', code: 10015 } };
      return { status: 200, body: { id: '1', content: args.content, components: args.components ?? [] } };
    }
    const commands = /^PUT \/applications\/(\d+)\/commands$/.exec(method);
    if (commands) {
      const app = apps.find((a) => a.applicationId === commands[1]);
      if (!app || headers.authorization !== `Bot ${app.botToken}`)
        return { status: 401, body: { message: '401: Unauthorized', code: 0 } };
      const list: unknown = args;
      const registered = Array.isArray(list) ? list.map((c: object, i) => ({ id: String(i + 1), ...c })) : [];
      return { status: 200, body: registered };
    }
    return { status: 404, body: { message: '404: Not Found', code: 0 } };
  };
  return new PlatformStandIn(handle).start('/api');
}
