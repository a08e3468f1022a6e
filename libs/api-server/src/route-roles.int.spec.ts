import { AdminAccountStore } from '@docqa/auth';
import { ROLES, roleAllows, type Role } from '@docqa/contracts';
import { Keys } from '@docqa/redis';
import { deletePrefix, testPrefix, testRedis } from '@docqa/testing';
import type { Redis } from 'ioredis';
import { ROUTE_ROLES } from './http/route-roles';
import { signIn, type PortalSession } from './testing/portal-session';
import { startStack, type Stack } from '@docqa/system-tests/testing';

const PASSWORD = 'a long enough password';

interface Operation {
  method: string;
  path: string;
  operationId: string;
  scoped: boolean;
}

describe('roles: every route × role against the one table (ROUTE_ROLES)', () => {
  let stack: Stack;
  let redis: Redis;
  let operations: Operation[];
  const sessions = {} as Record<Role, PortalSession>;
  const prefix = testPrefix('route-roles');

  beforeAll(async () => {
    redis = testRedis();
    stack = await startStack({ prefix, noWorker: true });
    const accounts = new AdminAccountStore({ redis, keys: new Keys(prefix) });
    for (const role of ROLES) {
      const email = `${role}@acme.test`;
      await accounts.create({ email, password: PASSWORD, tenants: ['acme'], role });
      sessions[role] = await signIn(stack.apiUrl, email, PASSWORD);
    }
    const doc = await (await fetch(`${stack.apiUrl}docs/openapi.json`)).json();
    operations = Object.entries(
      doc.paths as Record<string, Record<string, { operationId: string; security: unknown[] }>>,
    ).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({
        method: method.toUpperCase(),
        path: path.replace(/^\/api\/v2\//, '').replace(/\{\w+\}/g, 'x'),
        operationId: op.operationId,
        scoped: op.security.length > 0,
      })),
    );
  });
  afterAll(async () => {
    await stack.close();
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  it('has a row for exactly the operations that take a token or a session', () => {
    const scoped = operations.filter((o) => o.scoped).map((o) => o.operationId);
    expect(scoped.length).toBeGreaterThan(30);
    expect(scoped.sort()).toEqual(Object.keys(ROUTE_ROLES).sort());
  });

  /** Calls `op` as `session`: its status, and the problem's code when there is one. */
  async function call(session: PortalSession, op: Operation): Promise<[number, string | undefined]> {
    const res = await session.call(op.path, {
      method: op.method,
      tenant: 'acme',
      body: op.method === 'GET' ? undefined : {},
    });
    const text = await res.text();
    const code = res.headers.get('content-type')?.includes('problem+json')
      ? JSON.parse(text).code
      : undefined;
    return [res.status, code];
  }

  it.each(ROLES)(
    'lets the %s role call what the table allows, and refuses the rest with 403',
    async (role) => {
      const seen: string[] = [];
      const expected: string[] = [];
      for (const op of operations.filter((o) => o.scoped)) {
        const [status, code] = await call(sessions[role], op);
        const allowed = roleAllows(role, ROUTE_ROLES[op.operationId]!.role);
        seen.push(`${op.operationId}: ${code === 'role_forbidden' ? `403 ${code}` : 'let through'}`);
        expected.push(`${op.operationId}: ${allowed ? 'let through' : '403 role_forbidden'}`);
        if (code === 'role_forbidden') expect(status).toBe(403);
      }
      expect(seen).toEqual(expected);
    },
  );

  it('lets an admin token act as an owner on every operation of the table', async () => {
    const token = await stack.createToken({ tenant: 'acme', scopes: ['admin'] });
    for (const op of operations.filter((o) => o.scoped)) {
      const res = await fetch(stack.apiUrl + op.path, {
        method: op.method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: op.method === 'GET' ? undefined : '{}',
      });
      const text = await res.text();
      expect([op.operationId, text.includes('role_forbidden')]).toEqual([op.operationId, false]);
    }
  });
});
