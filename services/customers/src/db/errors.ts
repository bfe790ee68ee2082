/**
 * A unique index refused a row: MySQL/MariaDB ER_DUP_ENTRY (1062) or SQLite's UNIQUE constraint.
 * Checks that read first and insert after can both pass under a double submit; the index is what
 * decides, and this maps its refusal to a 422 instead of a 500.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, errno } = error as { code?: unknown; errno?: unknown };
  return code === 'ER_DUP_ENTRY' || errno === 1062 || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
