import { TenantSchema } from '@docqa/contracts';
import { TENANT_PATTERN } from '@docqa/contracts/constants';
import { isTenantName } from './tenant-name';

const SAMPLES = [
  'acme',
  'a',
  'acme-docs_2',
  '0team',
  'x'.repeat(63),
  'x'.repeat(64),
  'Bad Name!',
  'Acme',
  '-acme',
  '_a',
  'a b',
  'a-',
  '',
];

describe('tenant names in the portal', () => {
  it('accepts exactly the names the API accepts', () => {
    for (const name of SAMPLES)
      expect([name, isTenantName(name)]).toEqual([name, TenantSchema.safeParse(name).success]);
  });

  it('compiles as an HTML pattern does (with the v flag), so the browser checks it', () => {
    // Unescaped, "[a-z0-9_-]" is a syntax error under the v flag and browsers drop the check.
    const pattern = new RegExp(`^(?:${TENANT_PATTERN})$`, 'v');
    expect(pattern.test('acme-docs')).toBe(true);
    expect(pattern.test('Bad Name!')).toBe(false);
  });
});
