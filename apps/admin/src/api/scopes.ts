import type { Scope } from '@docqa/contracts';

/**
 * The scopes a token form offers. The portal imports contracts as types only (zod stays out of the
 * bundle); the compiler checks this list against the contract's `Scope` both ways.
 */
export const SCOPE_CHOICES = ['ask', 'search', 'ingest', 'admin'] as const satisfies readonly Scope[];
const everyScope: Record<Exclude<Scope, (typeof SCOPE_CHOICES)[number]>, never> = {};
void everyScope;
