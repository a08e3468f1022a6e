import type { Request, Response } from 'express';
import type { AuditLog, AuditRecord, Principal } from '@docqa/auth';
import type { Logger } from 'pino';
import type { RouteCheck } from './auth';

const MAX_USER_AGENT = 300;

/** Who a caller is in the audit log: the admin's email, or `token:<id>`. */
export function actorOf(principal: Principal): string {
  return principal.session?.email ?? `token:${principal.id}`;
}

/** Where a request came from, as the audit log keeps it. */
export function requestOrigin(req: Request): Pick<AuditRecord, 'ip' | 'user_agent'> {
  return { ip: req.ip ?? 'unknown', user_agent: (req.get('user-agent') ?? '').slice(0, MAX_USER_AGENT) };
}

/** Adds ids of records a handler created (a token's id, an account's email) to its audit entry. */
export function auditTargets(res: Response, ...ids: string[]): void {
  res.locals.auditTargets = [...((res.locals.auditTargets as string[] | undefined) ?? []), ...ids];
}

/**
 * Records the answered call in the audit log once the answer has gone out, when it succeeded:
 * the caller, the operation, its tenant, the path's ids and those the handler added with
 * {@link auditTargets}. A failure to record is logged, never answered to the caller.
 */
export function auditTrail(audit: AuditLog, logger: Logger): (operationId: string) => RouteCheck {
  return (operationId) => (req, res) => {
    res.once('finish', () => {
      const principal = req.principal;
      if (!principal || res.statusCode >= 400) return;
      const targets = [
        ...Object.values(req.params).map(String),
        ...((res.locals.auditTargets as string[]) ?? []),
      ];
      audit
        .record({
          actor: actorOf(principal),
          action: operationId,
          outcome: 'success',
          status: res.statusCode,
          tenant: principal.tenant,
          tenants: [principal.tenant],
          targets,
          ...requestOrigin(req),
        })
        .catch((err: unknown) =>
          logger.error({ err, action: operationId }, 'an audit entry could not be written'),
        );
    });
  };
}
