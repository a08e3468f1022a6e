import { AdminAccountStore, TokenStore, generatePassword } from '@docqa/auth';
import type { Config } from '@docqa/config';
import { Keys, closeRedis, connectRedis, redisTarget } from '@docqa/redis';
import { ingestDocs } from './demo-ingest';

/** Demo tokens, the demo admin, and the ingestion of the project's own docs/ into the `demo` tenant. */
export interface Demo {
  /** Server token for people trying the API (ask, search, ingest). */
  token: string;
  /** Widget token embedded in the demo page (ask only, bound to the demo origin). */
  widgetToken: string;
  /** The demo tenant's portal admin, with a fresh password each start. */
  admin: { email: string; password: string };
  /** Ingests docs/ through the API (unchanged documents are skipped by hash). */
  ingest(apiUrl: string): Promise<void>;
}

const DEMO_TENANT = 'demo';
const DEMO_ADMIN = 'admin@demo.local';
const THIRTY_DAYS_MS = 30 * 86400_000;
const DEMO_NAME = 'demo (npm start)';
const DEMO_WIDGET_NAME = 'demo widget (npm start)';

/** Creates the demo tokens and admin; `publicUrl` is the origin the demo page is served from. */
export async function prepareDemo(config: Config, publicUrl: string): Promise<Demo> {
  const redis = await connectRedis(redisTarget(config), 'command', 'docqa-start');
  try {
    const tokens = new TokenStore({ redis, keys: new Keys(config.redisPrefix) });
    // One pair of demo tokens at a time: revoke those of earlier starts.
    for (const old of await tokens.list(DEMO_TENANT)) {
      if (old.name === DEMO_NAME || old.name === DEMO_WIDGET_NAME) await tokens.revoke(old.id);
    }
    const origins = [
      ...new Set([
        new URL(publicUrl).origin,
        `http://127.0.0.1:${config.port}`,
        `http://localhost:${config.port}`,
      ]),
    ];
    const { token } = await tokens.create({
      tenant: DEMO_TENANT,
      scopes: ['ask', 'search', 'ingest'],
      name: DEMO_NAME,
      ttlMs: THIRTY_DAYS_MS,
    });
    const widget = await tokens.create({
      tenant: DEMO_TENANT,
      scopes: ['ask'],
      widget: true,
      origins,
      name: DEMO_WIDGET_NAME,
      ttlMs: THIRTY_DAYS_MS,
    });
    // Only the hash is stored, so each start sets a new password it can print.
    const password = generatePassword();
    await new AdminAccountStore({ redis, keys: new Keys(config.redisPrefix) }).create({
      email: DEMO_ADMIN,
      password,
      tenants: [DEMO_TENANT],
      replace: true,
    });
    return {
      token,
      widgetToken: widget.token,
      admin: { email: DEMO_ADMIN, password },
      ingest: async (apiUrl) => {
        const { documents, chunks, skipped } = await ingestDocs(apiUrl, token, publicUrl);
        console.error(
          `Demo knowledge base: ${documents} documents from docs/ (${chunks} new chunks, ${skipped} unchanged)`,
        );
      },
    };
  } finally {
    await closeRedis(redis);
  }
}
