/** Rows per INSERT: few statements per batch, far below SQLite's and PostgreSQL's parameter limits. */
export const rowsPerStatement = 50;

export function* chunks<T>(rows: T[], size = rowsPerStatement): Generator<T[]> {
  for (let start = 0; start < rows.length; start += size) yield rows.slice(start, start + size);
}
