import { TENANT_PATTERN } from '@docqa/contracts/constants';

/** Tenant names as the API accepts them (the contract's `TenantSchema`). */
const TENANT_NAME = new RegExp(`^(?:${TENANT_PATTERN})$`, 'u');

/** What a tenant name may be, in words. */
export const TENANT_RULE = '1 to 63 lowercase letters, digits, _ or -, starting with a letter or digit';

/** Whether `name` is a valid tenant name. */
export function isTenantName(name: string): boolean {
  return TENANT_NAME.test(name);
}
