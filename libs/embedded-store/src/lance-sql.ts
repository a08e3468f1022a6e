/** A SQL string literal: single quotes doubled, so values never leave the literal. */
export function sql(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/** `column IN (…)` of string values, each a {@link sql} literal. */
export function inList(column: string, values: string[]): string {
  return `${column} IN (${values.map(sql).join(', ')})`;
}

export function tenantClause(tenants: string[]): string {
  return inList('tenant', tenants);
}

/**
 * The rows a search may rank: of `tenants`, and with a `version`, of that version or none (an
 * unversioned document applies to every version; DESIGN §17).
 */
export function searchedClause(tenants: string[], version: string | undefined): string {
  const clause = tenantClause(tenants);
  return version === undefined ? clause : `${clause} AND (version IS NULL OR version = ${sql(version)})`;
}

export function documentsClause(tenant: string, documentIds: string[]): string {
  return `tenant = ${sql(tenant)} AND ${inList('document_id', documentIds)}`;
}
