/** What an edit does with a repository's stored access token. */
export type TokenAction = 'keep' | 'replace' | 'remove';

/**
 * The `token` of a request: the token typed (as typed: a secret is not trimmed) when one is set or
 * replaced, `null` to remove the stored one, nothing to keep it; or what is wrong.
 */
export function tokenOf(
  typed: string,
  stored: boolean,
  action: TokenAction,
): { token?: string | null; problem?: string } {
  if (!stored || action === 'keep') return typed ? { token: typed } : {};
  if (action === 'remove') return { token: null };
  return typed ? { token: typed } : { problem: 'Enter the new access token, or keep the stored one.' };
}
