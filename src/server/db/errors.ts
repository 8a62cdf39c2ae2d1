import "server-only";

/**
 * Whether an error, or one it was caused by (drizzle wraps the driver's; at most 5 deep), carries a
 * code that `test` accepts: PostgreSQL's SQLSTATE or the driver's or Node's own code.
 */
export function hasErrorCode(e: unknown, test: (code: string) => boolean): boolean {
  for (let err = e as { code?: unknown; cause?: unknown } | undefined, depth = 0; err && depth < 5; err = err.cause as typeof err, depth++)
    if (typeof err.code === "string" && test(err.code)) return true;
  return false;
}
