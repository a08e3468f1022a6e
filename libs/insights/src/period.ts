import type { PeriodQuery } from '@docqa/contracts';
import { ValidationError } from '@docqa/errors';

const DAY_MS = 86_400_000;

/** Days a report covers when the query gives no `from`. */
export const DEFAULT_PERIOD_DAYS = 30;

/** A resolved reporting period: `from` inclusive, `to` exclusive, epoch ms. */
export interface Period {
  from: number;
  to: number;
}

/** The UTC day of an instant as the log's keys name it: `YYYYMMDD`. */
export function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10).replaceAll('-', '');
}

/** Start (epoch ms) of the UTC day holding `ms`. */
export function startOfDay(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

/** Start of the ISO week (Monday, UTC) holding `ms`. */
export function startOfWeek(ms: number): number {
  const day = startOfDay(ms);
  const weekday = (new Date(day).getUTCDay() + 6) % 7;
  return day - weekday * DAY_MS;
}

/** Every UTC day (`YYYYMMDD`) that overlaps the period, oldest first. */
export function daysOf(period: Period): string[] {
  const days: string[] = [];
  for (let d = startOfDay(period.from); d < period.to; d += DAY_MS) days.push(dayOf(d));
  return days;
}

/** Start (epoch ms) of a `YYYYMMDD` day. */
export function dayStart(day: string): number {
  return Date.UTC(Number(day.slice(0, 4)), Number(day.slice(4, 6)) - 1, Number(day.slice(6, 8)));
}

/**
 * Applies defaults (`to` now, `from` {@link DEFAULT_PERIOD_DAYS} before `to`, clipped to the
 * retention) and rejects periods out of order or reaching further back than the log is kept.
 */
export function resolvePeriod(query: PeriodQuery, now: number, retentionDays: number): Period {
  const to = query.to?.getTime() ?? now;
  const oldest = startOfDay(now) - (retentionDays - 1) * DAY_MS;
  const from = query.from?.getTime() ?? Math.max(to - DEFAULT_PERIOD_DAYS * DAY_MS, oldest);
  const errors: { path: string; message: string }[] = [];
  if (from >= to) errors.push({ path: 'query.from', message: 'must be before `to`' });
  if (from < oldest)
    errors.push({
      path: 'query.from',
      message: `the question log is kept ${retentionDays} days (ANALYTICS_RETENTION_DAYS); the oldest day is ${new Date(oldest).toISOString().slice(0, 10)}`,
    });
  if (errors.length) throw new ValidationError('the period is invalid', { errors });
  return { from, to };
}
