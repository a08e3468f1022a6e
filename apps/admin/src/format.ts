/** A date and time as the administrator's locale writes it. */
export function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? iso
    : d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** A duration in ms as "850 ms" or "2.4 s"; a dash when unknown. */
export function formatMs(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '–';
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** A count with the locale's grouping. */
export const formatCount = (n: number) => n.toLocaleString();
