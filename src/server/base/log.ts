import "server-only";
import pino from "pino";
import { env } from "./env";

/** Fields that carry a shopper's personal data: never written to the log in clear. */
const PERSONAL = [
  "name",
  "first_name",
  "middle_name",
  "last_name",
  "email",
  "phone",
  "postcode",
  "Rego",
  "rego",
  "trade_vehicle",
  "company",
];
/** `message` is personal inside a lead (the shopper's comments), not on an error. */
export const REDACT_PATHS = [
  ...PERSONAL,
  ...PERSONAL.map((f) => `*.${f}`),
  ...PERSONAL.map((f) => `*.*.${f}`),
  "lead.message",
  "*.lead.message",
  "payload.message",
  "*.payload.message",
  "req.headers.cookie",
  "req.headers.authorization",
];

/**
 * Errors are logged by kind, never with the values that caused them: a database driver puts the
 * failed statement's parameters (names, emails, phones) in its message, so only the first line of
 * a "Failed query" message (the SQL, with $n placeholders) and the driver's code and message are kept.
 */
export function safeError(e: unknown): Record<string, unknown> {
  if (!(e instanceof Error)) return { message: String(e).slice(0, 200) };
  const cause = (e as { cause?: unknown }).cause;
  const message = e.message.startsWith("Failed query:") ? e.message.split("\n")[0]!.slice(0, 500) : e.message.slice(0, 1000);
  return {
    type: e.name,
    message,
    ...((e as { code?: unknown }).code ? { code: (e as { code?: unknown }).code } : {}),
    ...(e.stack
      ? {
          stack: e.stack
            .split("\n")
            .filter((l) => /^\s+at /.test(l))
            .slice(0, 8)
            .join("\n"),
        }
      : {}),
    ...(cause instanceof Error
      ? { cause: { type: cause.name, message: cause.message.slice(0, 300), code: (cause as { code?: unknown }).code } }
      : {}),
  };
}

export const log = pino({
  level: env().LOG_LEVEL,
  base: { app: "dealer-platform" },
  redact: { paths: REDACT_PATHS, censor: "[redacted]" },
  serializers: { err: safeError, error: safeError },
});

/** Every log line about a tenant carries its siteId. */
export const siteLog = (siteId: number) => log.child({ siteId });
