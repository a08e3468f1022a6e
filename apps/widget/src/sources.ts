import type { Source } from '@docqa/contracts';

/**
 * The section of a source below its title: its heading path without a first heading that repeats
 * the title (`Tokens › Revoke a token` under the title `Tokens` is `Revoke a token`).
 */
export function sectionOf(source: Source): string | undefined {
  const path = source.section?.split(' › ').filter(Boolean) ?? [];
  if (path[0]?.trim().toLowerCase() === source.title.trim().toLowerCase()) path.shift();
  return path.length ? path.join(' › ') : undefined;
}

/** A source as one line of text: its title, then its section. */
export function sourceLabel(source: Source): string {
  const section = sectionOf(source);
  return section ? `${source.title} › ${section}` : source.title;
}
