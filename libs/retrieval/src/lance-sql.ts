/** A SQL string literal: single quotes doubled, so values never leave the literal. */
export function sql(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

export function tenantClause(tenants: string[]): string {
  return `tenant IN (${tenants.map(sql).join(', ')})`;
}

export function documentsClause(tenant: string, documentIds: string[]): string {
  return `tenant = ${sql(tenant)} AND document_id IN (${documentIds.map(sql).join(', ')})`;
}
