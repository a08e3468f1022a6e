import { PeriodQuerySchema } from './insights';
import { z } from './zod';

/** Whether an audited action succeeded (sign-ins also record their failures). */
export const AuditOutcomeSchema = z.enum(['success', 'failure']).openapi('AuditOutcome');

/**
 * One entry of the audit log: who did what, when, to which records, from where. Never a secret:
 * no password, clear token or session id, only ids.
 */
export const AuditEntrySchema = z
  .object({
    /** The entry's id, in time order (also its place for `cursor`). */
    id: z.string(),
    at: z.string().openapi({ format: 'date-time' }),
    /** The admin's email, `token:<id>` for an API token, or the email a failed sign-in named. */
    actor: z.string(),
    /** The operation, as the API reference names it (`createToken`, `signIn`, …). */
    action: z.string(),
    outcome: AuditOutcomeSchema,
    /** HTTP status of the answer. */
    status: z.number().int(),
    /** Tenant acted on; null for a sign-in or sign-out (see `tenants`). */
    tenant: z.string().nullable(),
    /** Tenants the entry concerns (the admin's tenants for a sign-in); owners of each see it. */
    tenants: z.array(z.string()),
    /** Ids acted on: path parameters and the ids of records created. */
    targets: z.array(z.string()),
    ip: z.string(),
    user_agent: z.string(),
  })
  .openapi('AuditEntry');
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** Query of `GET /admin/audit/` and its JSON lines export. */
export const AuditQuerySchema = PeriodQuerySchema.extend({
  actor: z.string().trim().min(1).max(320).optional().openapi({ description: 'Entries of this actor only.' }),
  action: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .optional()
    .openapi({ description: 'Entries of this action only.' }),
  cursor: z
    .string()
    .regex(/^\d+-\d+$/, 'must be the next_cursor of a previous page')
    .optional()
    .openapi({ description: '`next_cursor` of the previous page.' }),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

/** `GET /admin/audit/`: entries newest first. */
export const AuditListSchema = z
  .object({ items: z.array(AuditEntrySchema), next_cursor: z.string().nullable() })
  .openapi('AuditList');
export type AuditList = z.infer<typeof AuditListSchema>;
