import type { AdminSession } from '@docqa/contracts';
import { AdminApi } from './admin-api';
import { Session } from './session';

const KEY = 'docqa-admin-tenant';

/** The browser's localStorage, in memory. */
class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem = (k: string) => this.items.get(k) ?? null;
  setItem = (k: string, v: string) => void this.items.set(k, v);
  removeItem = (k: string) => void this.items.delete(k);
}

/** An API whose `GET /admin/session` answers `me`. */
class SessionApi extends AdminApi {
  constructor(private readonly me: AdminSession) {
    super('http://portal.test/api/v2/');
  }
  override async call<T>(): Promise<T> {
    return this.me as T;
  }
}

const ALL: AdminSession = {
  email: 'ops@acme.test',
  tenants: ['acme', 'beta'],
  all_tenants: true,
  roles: { acme: 'owner', beta: 'owner' },
  csrf_token: 'c',
};
const ONE: AdminSession = {
  email: 'ada@acme.test',
  tenants: ['acme', 'beta'],
  all_tenants: false,
  roles: { acme: 'owner', beta: 'viewer' },
  csrf_token: 'c',
};

describe('the portal session’s tenant', () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    storage = new MemoryStorage();
    (globalThis as { localStorage?: unknown }).localStorage = storage;
  });
  afterEach(() => delete (globalThis as { localStorage?: unknown }).localStorage);

  async function signedIn(me: AdminSession) {
    const client = new SessionApi(me);
    const session = new Session(client);
    await session.load();
    return { session, client };
  }

  it('refuses a name that is no tenant name, even for an all-tenants admin, and keeps the tenant', async () => {
    const { session, client } = await signedIn(ALL);
    expect(() => session.chooseTenant('Bad Name!')).toThrow('“Bad Name!” is not a tenant name');
    expect(session.tenant).toBe('acme');
    expect(client.tenant).toBe('acme');
    expect(storage.items.has(KEY)).toBe(false);
    session.chooseTenant('newco');
    expect(client.tenant).toBe('newco');
    expect(storage.getItem(KEY)).toBe('newco');
    // A tenant typed stays on offer after switching back.
    session.chooseTenant('acme');
    expect(session.tenants).toEqual(['acme', 'beta', 'newco']);
  });

  it('refuses a tenant an admin of some tenants does not administer', async () => {
    const { session } = await signedIn(ONE);
    expect(() => session.chooseTenant('newco')).toThrow('You do not administer the tenant newco.');
    session.chooseTenant('beta');
    expect(session.tenant).toBe('beta');
  });

  it('forgets a remembered tenant the admin cannot use, and starts on their first tenant', async () => {
    storage.setItem(KEY, 'Bad Name!');
    const { session } = await signedIn(ALL);
    expect(session.tenant).toBe('acme');
    expect(storage.items.has(KEY)).toBe(false);

    storage.setItem(KEY, 'newco');
    expect((await signedIn(ONE)).session.tenant).toBe('acme');
    expect(storage.items.has(KEY)).toBe(false);

    storage.setItem(KEY, 'beta');
    expect((await signedIn(ONE)).session.tenant).toBe('beta');
    expect(storage.getItem(KEY)).toBe('beta');
  });
});
