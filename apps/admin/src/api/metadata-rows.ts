/** One row of metadata as typed: a key and its value. */
export interface MetadataRow {
  key: string;
  value: string;
}

/**
 * The metadata of key/value rows (each trimmed). Rows left empty are ignored; throws an error naming
 * the first row with a key but no value (or a value but no key), or with a key given twice.
 */
export function metadataOfRows(rows: MetadataRow[]): Record<string, string> {
  const metadata: Record<string, string> = {};
  rows.forEach((row, i) => {
    const key = row.key.trim();
    const value = row.value.trim();
    if (!key && !value) return;
    if (!key || !value) throw new Error(`Metadata row ${i + 1} needs both a key and a value.`);
    if (key in metadata) throw new Error(`Metadata row ${i + 1}: the key "${key}" is given twice.`);
    metadata[key] = value;
  });
  return metadata;
}
