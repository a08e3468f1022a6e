/** A line that marks where a named part of a file starts or ends (an end without a name ends any). */
export interface PartMarker {
  end: boolean;
  name?: string;
}

/**
 * The lines of a file's part `name`: those after its start marker, up to its end marker (one of
 * that name or none), without the marker lines of other parts inside it (VitePress's `#region`
 * comments, mdBook's `ANCHOR:` lines); undefined when no start marker names it.
 */
export function markedPart(
  lines: string[],
  name: string,
  marker: (line: string) => PartMarker | null,
): string[] | undefined {
  const start = lines.findIndex((line) => {
    const mark = marker(line);
    return mark && !mark.end && mark.name === name;
  });
  if (start === -1) return undefined;
  const body: string[] = [];
  for (const line of lines.slice(start + 1)) {
    const mark = marker(line);
    if (mark?.end && (mark.name === name || !mark.name)) break;
    if (!mark) body.push(line);
  }
  return body;
}
