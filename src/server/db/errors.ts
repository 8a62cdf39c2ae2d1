import "server-only";
import { DATABASE_DOWN } from "./health";

/**
 * Whether an error, or one it was caused by (drizzle wraps the driver's; at most 5 deep), carries a
 * code that `test` accepts: PostgreSQL's SQLSTATE or the driver's or Node's own code.
 */
export function hasErrorCode(e: unknown, test: (code: string) => boolean): boolean {
  for (let err = e as { code?: unknown; cause?: unknown } | undefined, depth = 0; err && depth < 5; err = err.cause as typeof err, depth++)
    if (typeof err.code === "string" && test(err.code)) return true;
  return false;
}

/**
 * PostgreSQL's and the driver's words for "the connection went away" (a restart, a failover, a
 * network cut): the request failed because the database was briefly unavailable, not because of
 * a bug, even when a ping a moment later succeeds.
 */
const CONNECTION_CODES = new Set([
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now (starting up)
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
  DATABASE_DOWN,
]);

/** An error (or its cause) that says the connection went away: CONNECTION_CODES. */
export const isLostConnection = (e: unknown): boolean => hasErrorCode(e, (code) => CONNECTION_CODES.has(code));

/** The constraint an error (or one it was caused by) names: postgres.js says constraint_name, PGlite constraint. */
export function constraintOf(e: unknown): string | null {
  for (let err = e as Record<string, unknown> | undefined, depth = 0; err && depth < 5; err = err.cause as typeof err, depth++) {
    const name = err.constraint_name ?? err.constraint;
    if (typeof name === "string") return name;
  }
  return null;
}
