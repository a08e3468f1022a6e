/**
 * Parses metadata written one pair a line, `key = value` (the value may hold `=`). Throws an error
 * naming the first line it cannot read, or a key given twice.
 */
export function parseMetadataLines(text: string): Record<string, string> {
  const metadata: Record<string, string> = {};
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (!line) return;
    const m = /^([^=]+?)\s*=\s*(.*)$/.exec(line);
    if (!m || !m[2])
      throw new Error(`Metadata line ${i + 1} must read "key = value", e.g. "product = cloud".`);
    const key = m[1]!.trim();
    if (key in metadata) throw new Error(`Metadata line ${i + 1}: the key "${key}" is given twice.`);
    metadata[key] = m[2].trim();
  });
  return metadata;
}
