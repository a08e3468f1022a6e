/**
 * Tenant names as the API accepts them (the contract's `TenantSchema`): 1-63 lowercase letters,
 * digits, `_` or `-`, starting with a letter or digit. As an HTML `pattern` attribute: browsers
 * compile it with the `v` flag, where a `-` in a class must be escaped (unescaped, the pattern is
 * invalid and silently ignored).
 */
export const TENANT_PATTERN = '[a-z0-9][a-z0-9_\\-]{0,62}';

const TENANT_NAME = new RegExp(`^(?:${TENANT_PATTERN})$`, 'u');

/** What a tenant name may be, in words. */
export const TENANT_RULE = '1 to 63 lowercase letters, digits, _ or -, starting with a letter or digit';

/** Whether `name` is a valid tenant name. */
export function isTenantName(name: string): boolean {
  return TENANT_NAME.test(name);
}
