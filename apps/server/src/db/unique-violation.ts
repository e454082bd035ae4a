/**
 * A write refused by a unique index on `column` (of `table`, any table when left out), in either
 * dialect: a write that raced another one past its own check.
 */
export function isUniqueViolation(error: unknown, column: string, table = "[a-z_]+"): boolean {
  if ((error as { code?: string })?.code === "23505") return true;
  return new RegExp(`UNIQUE constraint failed: ${table}\\.${column}\\b`).test(String((error as Error)?.message ?? error));
}
