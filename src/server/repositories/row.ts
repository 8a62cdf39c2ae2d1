import "server-only";

/** A stored row holds a value the app does not know: an error to fix in the data, never guessed. */
export class BadRowError extends Error {
  constructor(
    readonly table: string,
    readonly id: number | string,
    readonly column: string,
    readonly value: unknown,
  ) {
    super(`${table} ${id}: ${column} has the unknown value ${JSON.stringify(value)}`);
    this.name = "BadRowError";
  }
}

/** The row's value when it is one of `allowed`; else a BadRowError naming the table, row and column. */
export function oneOf<T extends string>(
  allowed: readonly T[],
  value: string,
  where: { table: string; id: number | string; column: string },
): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new BadRowError(where.table, where.id, where.column, value);
}

/** Rows of a raw `execute`: an array from postgres, `{ rows }` from PGlite. */
export const rowsOf = <R>(r: unknown): R[] => (Array.isArray(r) ? (r as R[]) : ((r as { rows?: R[] }).rows ?? []));

/** A unique index refused the write (PostgreSQL's 23505, from either driver). */
export const isUniqueViolation = (e: unknown) => {
  const x = e as { code?: string; cause?: { code?: string } };
  return x?.code === "23505" || x?.cause?.code === "23505";
};
