import type { Redis } from 'ioredis';
import { WidgetSettingsSchema, type WidgetSettings } from '@docqa/contracts';
import type { Keys } from '@docqa/redis';

/** Widget settings per tenant (`GET /settings/`, `PUT /admin/settings/`). */
export class SettingsStore {
  constructor(private readonly deps: { redis: Redis; keys: Keys }) {}

  async get(tenant: string): Promise<WidgetSettings> {
    const raw = await this.deps.redis.get(this.deps.keys.settings(tenant));
    return raw ? WidgetSettingsSchema.parse(JSON.parse(raw)) : {};
  }

  async put(tenant: string, settings: WidgetSettings): Promise<void> {
    await this.deps.redis.set(this.deps.keys.settings(tenant), JSON.stringify(settings));
  }
}
