const STOP = new Set(
  'a about an and are as at be been but by can could do does did for from had has have how i if in into is it its me my of on or our should so than that the their them then there these they this those to us was we were what when where which who whom why will with would you your'.split(
    ' ',
  ),
);

/** Content words of a text: lower-case, accents folded, stop words dropped, lightly stemmed. */
export function terms(text: string): string[] {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  )
    .filter((w) => !STOP.has(w) && (w.length > 1 || /\d/.test(w)))
    .map((w) => (w.length > 4 ? w.replace(/(ing|ed|es|s)$/, '') : w));
}

/**
 * Sentences of a passage. Wrapped lines of a paragraph are joined; list items and table rows are
 * units of their own; headings and code fences are skipped; prose is split after `.`, `!` or `?`
 * followed by a capital or a digit.
 */
export function sentences(text: string): string[] {
  const units: string[] = [];
  let current = '';
  let fenced = false;
  const flush = () => {
    if (current.trim()) units.push(current.trim());
    current = '';
  };
  for (const raw of text.split(/\n/)) {
    const line = raw.trim();
    if (/^(```|~~~)/.test(line)) {
      fenced = !fenced;
      flush();
      continue;
    }
    if (fenced) continue;
    if (!line || /^#{1,6}\s/.test(line)) {
      flush();
      continue;
    }
    if (/^([-*+]|\d+[.)])\s+/.test(line) || line.startsWith('|')) {
      flush();
      current = line.replace(/^([-*+]|\d+[.)])\s+/, '');
      continue;
    }
    current = current ? `${current} ${line}` : line;
  }
  flush();
  return units
    .flatMap((unit) => unit.split(/(?<=[.!?])\s+(?=[\p{Lu}\p{N}"“(`])/u))
    .map((s) => s.trim())
    .filter((s) => s.length > 2);
}
