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

/** The question asked before a document is deleted, its chunks counted in words that fit the count. */
export function deleteDocumentQuestion({ title, chunks }: { title: string; chunks: number }): string {
  if (chunks === 0) return `Delete “${title}”?`;
  if (chunks === 1) return `Delete “${title}” and its chunk?`;
  return `Delete “${title}” and all ${formatCount(chunks)} of its chunks?`;
}

const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** How long ago `iso` was, as the locale says it ("5 minutes ago", "yesterday"); "just now" under a minute. */
export function formatAgo(iso: string, now = Date.now()): string {
  const ms = now - Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  const words = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  for (const [unit, size] of RELATIVE_UNITS)
    if (ms >= size) return words.format(-Math.floor(ms / size), unit);
  return 'just now';
}

/** When a wait of `ms` ends, as the locale says it ("in 15 minutes", "in 42 seconds"), rounded up. */
export function formatIn(ms: number): string {
  const words = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  for (const [unit, size] of RELATIVE_UNITS) if (ms >= size) return words.format(Math.ceil(ms / size), unit);
  return words.format(Math.ceil(ms / 1000), 'second');
}
