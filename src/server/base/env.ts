import "server-only";
import { isIP } from "node:net";
import { z } from "zod";

const optionalText = () =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined));
const optionalUrl = () =>
  optionalText().refine((v) => v === undefined || (/^https?:\/\//.test(v) && URL.canParse(v)), { message: "must be an http(s) URL" });

/**
 * The one place that reads process.env. Parsed once, on first use (start-up),
 * and an invalid value stops the process with a message naming the variable.
 */
export const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), {
      message: "must be a postgres:// or postgresql:// URL (leave unset for the embedded database)",
    }),
  DATA_DIR: z.string().trim().min(1).default(".data/pglite"),
  /** The embedded database's buffer pool in megabytes, resident in full (unset: PGLITE_SHARED_BUFFERS_MB in src/server/db/client.ts). */
  PGLITE_SHARED_BUFFERS_MB: z.coerce.number().int().min(1).max(4096).optional(),
  DEFAULT_SITE: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]+$/, "must be a site slug such as parkside-motor-group")
    .default("parkside-motor-group"),
  /** The dealer back-office's host name: requests for it reach /admin, never a tenant's site. */
  ADMIN_HOST: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9.-]+$/, "must be a host name such as admin.localhost")
    .default("admin.localhost"),
  /** Seconds a rendered page may be served again at most (0 turns the page cache off); a change purges it at once. */
  HTTP_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(21_600),
  /** After these seconds a stored page is served while one request draws it again (what no change announces: time). */
  HTTP_CACHE_FRESH_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  /** The page cache's bounds per process: pages and megabytes (stored gzipped). */
  HTTP_CACHE_MAX_ENTRIES: z.coerce.number().int().min(10).max(1_000_000).default(5000),
  HTTP_CACHE_MAX_MB: z.coerce.number().int().min(1).max(100_000).default(256),
  /**
   * `postgres`: a page cache every app process shares, in PostgreSQL, behind each process's own
   * (docs/decisions/0019-shared-page-cache-and-hash-csp.md); needs DATABASE_URL. Off by default.
   */
  HTTP_CACHE_SHARED: z.enum(["off", "postgres"]).default("off"),
  /** The shared page cache's bound in megabytes (stored gzipped; the oldest copies go first). */
  HTTP_CACHE_SHARED_MAX_MB: z.coerce.number().int().min(1).max(1_000_000).default(2048),
  /** Seconds catalogue reads (site context, search results, vehicle pages) are reused in-process. */
  CATALOGUE_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(3600).default(15),
  /**
   * Each upload's temporary files, and lead attachments when no S3 bucket is set (S3_* below: then
   * they go to the bucket and this folder holds only a request's temporary files).
   */
  UPLOAD_DIR: z.string().trim().min(1).default(".data/uploads"),
  /** Vehicle photos on local disk (the default), unless an S3-compatible bucket is set below. */
  PHOTO_DIR: z.string().trim().min(1).default(".data/photos"),
  /** Resized photos (the image service's variants), kept on local disk up to IMAGE_CACHE_MB, least recently used out first. */
  IMAGE_CACHE_DIR: z.string().trim().min(1).default(".data/image-cache"),
  IMAGE_CACHE_MB: z.coerce.number().int().min(1).max(1_000_000).default(1024),
  /** At most this many files in the variant cache (tiny variants would run out of inodes before bytes). */
  IMAGE_CACHE_MAX_FILES: z.coerce.number().int().min(100).max(10_000_000).default(200_000),
  /**
   * New variants (cache misses) one client may have made per minute; past it a 429 with Retry-After.
   * A shopper's first visit to a search page asks for about 25; browsing a few pages a minute, 100.
   */
  IMAGE_MISS_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(240),
  /**
   * An S3-compatible bucket (AWS, R2, MinIO…) for photos and, under `private/`, lead attachments:
   * the endpoint (path-style), bucket and keys; all four or none.
   */
  S3_ENDPOINT: optionalUrl(),
  S3_BUCKET: optionalText(),
  S3_REGION: z.string().trim().min(1).default("auto"),
  S3_ACCESS_KEY_ID: optionalText(),
  S3_SECRET_ACCESS_KEY: optionalText(),
  /**
   * Outgoing mail: smtp(s)://user:pass@host:port; unset → messages are written to OUTBOX_DIR as .eml
   * files, for development and tests only (mailTransportOf below: a real install without it warns).
   */
  SMTP_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || (/^smtps?:\/\//.test(v) && URL.canParse(v)), { message: "must be an smtp:// or smtps:// URL" }),
  /** Where messages go when there is no SMTP server (open a .eml file with any mail program); on this host's disk, read by nobody else. */
  OUTBOX_DIR: z.string().trim().min(1).default(".data/outbox"),
  /** How often each process looks for customers' alert digests to send (a digest goes at most once a day per customer). */
  ALERTS_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  /** How often each process brings the reports' visits up to date from the analytics events (a report is at most this far behind). */
  REPORT_ROLLUP_SECONDS: z.coerce.number().int().min(1).max(3_600).default(60),
  /** The sender of platform mail. */
  MAIL_FROM: z.string().trim().min(3).default("Dealer Platform <no-reply@localhost>"),
  /**
   * Signs customer-account cookies (32+ characters). Unset: a random secret is made once and kept
   * in the database (every process on it shares it); set it to keep sessions across a new database.
   */
  AUTH_SECRET: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || v.length >= 32, { message: "must be at least 32 characters" }),
  /** Stripe's secret key for sites whose payment_provider is "stripe" (unset: those sites cannot take deposits). */
  STRIPE_SECRET_KEY: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined)),
  /** Stripe's API base (tests point it at a local fake). */
  STRIPE_API_BASE: z.url().default("https://api.stripe.com"),
  /** Sign-in, sign-up, link and reset attempts allowed per client and site in 10 minutes. */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(10),
  /** Analytics events (each batch counts once) allowed per client and site per minute. */
  EVENTS_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(120),
  /** The ad platform's conversions API base (tests point it at a local fake). */
  FACEBOOK_GRAPH_BASE: z.url().default("https://graph.facebook.com/v21.0"),
  /** Vehicle lookups (NEVDIS, AutoGrab, Redbook) and the car-history provider: keys and bases; a provider without a key uses the local fake. */
  NEVDIS_API_KEY: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined)),
  NEVDIS_API_BASE: z.url().default("https://api.nevdis.com.au"),
  AUTOGRAB_API_KEY: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined)),
  AUTOGRAB_API_BASE: z.url().default("https://api.autograb.com.au"),
  REDBOOK_API_KEY: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined)),
  REDBOOK_API_BASE: z.url().default("https://api.redbook.com.au"),
  CAR_HISTORY_API_KEY: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined)),
  CAR_HISTORY_API_BASE: z.url().default("https://api.carclarity.com.au"),
  /** Vehicle lookups allowed per client and site in 10 minutes. */
  LOOKUP_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(30),
  /**
   * The platform data API. "all" (default): one process serves the sites and the API.
   * "dashboard": this process serves only the platform API (/api/v1/…, /websites/…, /api/health).
   */
  PLATFORM_ROLE: z.enum(["all", "dashboard"]).default("all"),
  /** Set: this process is a storefront that reads site data (session, search slugs, templates) from this dashboard. */
  PLATFORM_API_URL: optionalUrl(),
  /** The staging dashboard, used instead when PLATFORM_STAGING is true. */
  PLATFORM_STAGING_API_URL: optionalUrl(),
  PLATFORM_STAGING: z
    .enum(["true", "false", "1", "0", ""])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  /** Basic-auth credentials of the protected read calls (the dashboard checks them; a storefront sends them). Unset: those calls answer 401. */
  PLATFORM_API_USER: optionalText(),
  PLATFORM_API_PASSWORD: optionalText(),
  /** Basic-auth credentials of the dashboard's write calls (opening and special hours). Unset: writes answer 401. */
  PLATFORM_ADMIN_USER: optionalText(),
  PLATFORM_ADMIN_PASSWORD: optionalText(),
  /** Signs the dashboard's site.changed webhooks (16+ characters); a storefront refuses unsigned ones. */
  PLATFORM_WEBHOOK_SECRET: optionalText().refine((v) => v === undefined || v.length >= 16, { message: "must be at least 16 characters" }),
  /** The dashboard's webhook receivers, comma-separated (each storefront's /api/platform/webhook). */
  PLATFORM_WEBHOOK_URLS: z
    .string()
    .trim()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((u) => u.trim())
        .filter(Boolean),
    )
    .refine((urls) => urls.every((u) => /^https?:\/\//.test(u) && URL.canParse(u)), { message: "must be comma-separated http(s) URLs" }),
  /** A storefront revalidates a cached site-data answer (in the background) once it is this old. */
  PLATFORM_REVALIDATE_SECONDS: z.coerce.number().int().min(0).max(604_800).default(60),
  /** Where a storefront keeps its site-data cache, so a restart while the dashboard is down still serves. */
  PLATFORM_CACHE_DIR: z.string().trim().min(1).default(".data/platform-cache"),
  /** Lead submissions allowed per client and site in 10 minutes. */
  LEAD_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(20),
  /**
   * Behind reverse proxies: how many of them to trust (the client address is taken that many
   * X-Forwarded-For entries from the right). false/0 = none (the socket address), true = 1.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default("false")
    .refine((v) => /^(true|false|\d{1,2}|)$/.test(v), { message: "must be false, true or the number of trusted proxies (0–99)" })
    .transform((v) => (v === "true" ? 1 : v === "false" || v === "" ? 0 : Number(v))),
  /**
   * The reverse proxies' own addresses, comma-separated: forwarded headers are trusted
   * only on requests from these (default loopback, where `npm run start:cluster` runs nginx).
   */
  TRUSTED_PROXY_ADDRESSES: z
    .string()
    .trim()
    .default("127.0.0.1,::1")
    .transform((v) =>
      v
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  /**
   * The platform's front door (Caddy, docs/operations/cluster.md): the public addresses a dealer's
   * A/AAAA records must point at, comma-separated. The console checks a custom domain against them
   * before it is published. Default loopback, where `npm run start:cluster` runs Caddy.
   */
  FRONT_DOOR_ADDRESSES: z
    .string()
    .trim()
    .default("127.0.0.1,::1")
    .transform((v) =>
      v
        .split(",")
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine((list) => list.every((a) => isIP(a) !== 0), { message: "must be comma-separated IP addresses" }),
  /** The front door's host names a dealer's CNAME may point at instead, comma-separated (none by default). */
  FRONT_DOOR_HOSTS: z
    .string()
    .trim()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((s) => s.trim().toLowerCase().replace(/\.$/, ""))
        .filter(Boolean),
    )
    .refine((list) => list.every((h) => /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(h)), { message: "must be comma-separated host names" }),
  /** The port the front door answers HTTPS on (asked for a name's certificate by the console's domain check). */
  FRONT_DOOR_TLS_PORT: z.coerce.number().int().min(1).max(65535).default(443),
  /** A request (headers and body) must arrive within this many seconds, else 408 and the connection is closed. */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(600).default(60),
  /** The address the server listens on (default every interface; the cluster's app processes listen on 127.0.0.1 only). */
  HOST: optionalText(),
  /** Serve the trivial /bench/baseline page (set by `npm run bench` only; never in production). */
  BENCH_BASELINE: z
    .enum(["true", "false", "1", "0", ""])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  /**
   * Seed the demo tenants into an empty database. Default: yes for the embedded database (the
   * README's `npm start`), no for a PostgreSQL server (production never gets demo data unasked).
   */
  SEED_DEMO_DATA: z
    .enum(["true", "false", "1", "0", ""])
    .optional()
    .transform((v) => (v === undefined || v === "" ? undefined : v === "true" || v === "1")),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /**
   * Where this process runs. Defaults to production for a production build (NODE_ENV=production),
   * else development. The browser tests run the production build with APP_ENV=test.
   */
  APP_ENV: z.enum(["production", "staging", "test", "development"]).optional(),
  /**
   * Tests only: the server's clock starts at this instant (ISO 8601) and runs on from there, so
   * "open now", "sold in the last 3 days" and holiday weeks are the same on every run. Refused
   * unless APP_ENV=test.
   */
  TEST_NOW: z.iso.datetime({ offset: true }).optional(),
  /**
   * Tests only: the one origin (e.g. http://127.0.0.1:4555) a stock feed's photos may be fetched
   * from over plain http on loopback. Refused in production and staging: there a photo address is
   * https on a public host, always.
   */
  PHOTO_FETCH_TEST_ORIGIN: optionalUrl().transform((v) => (v ? new URL(v).origin : undefined)),
  NEXT_PHASE: z.string().optional(),
  /**
   * Tests only: a folder of two copies of an embedded database's files (tarballs, as PGlite dumps
   * them): `seeded.tar`, migrated and seeded, which DATA_DIR=":memory:" starts from, and
   * `migrated.tar`, which a test's own fresh database starts from. Each unit-test file then neither
   * creates, migrates nor seeds its own (vitest.global-setup.ts makes the copies once per run).
   */
  TEST_MEMORY_DATABASE_FROM: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined)),
  /** Tests only: run the data-layer tests against this PostgreSQL server instead of in-memory PGlite. */
  TEST_DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined)),
});

/** The platform API's passwords have at least this many characters outside development. */
export const MIN_PLATFORM_PASSWORD = 16;

const CheckedEnvSchema = EnvSchema.transform((e, ctx) => {
  const appEnv = e.APP_ENV ?? (e.NODE_ENV === "production" ? "production" : "development");
  if (e.TEST_NOW !== undefined && appEnv !== "test") {
    ctx.addIssue({ code: "custom", path: ["TEST_NOW"], message: `is a test-only setting: refused unless APP_ENV=test (here ${appEnv})` });
  }
  if (e.TEST_MEMORY_DATABASE_FROM !== undefined && e.DATA_DIR !== ":memory:") {
    ctx.addIssue({
      code: "custom",
      path: ["TEST_MEMORY_DATABASE_FROM"],
      message: 'starts an in-memory database only: refused unless DATA_DIR=":memory:"',
    });
  }
  if (e.PHOTO_FETCH_TEST_ORIGIN !== undefined && (appEnv === "production" || appEnv === "staging")) {
    ctx.addIssue({ code: "custom", path: ["PHOTO_FETCH_TEST_ORIGIN"], message: `is a test-only setting: refused in ${appEnv}` });
  }
  // a guessable platform password is refused everywhere but a developer's machine
  for (const key of ["PLATFORM_API_PASSWORD", "PLATFORM_ADMIN_PASSWORD"] as const) {
    const v = e[key];
    if (appEnv !== "development" && v !== undefined && v.length < MIN_PLATFORM_PASSWORD)
      ctx.addIssue({ code: "custom", path: [key], message: `must be at least ${MIN_PLATFORM_PASSWORD} characters outside development` });
  }
  const s3 = (["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const).filter((k) => e[k] !== undefined);
  if (s3.length > 0 && s3.length < 4)
    for (const k of ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const)
      if (e[k] === undefined)
        ctx.addIssue({ code: "custom", path: [k], message: "is required with the other S3_ settings (all four or none)" });
  // the embedded database is one process's: there is nothing to share a page cache with
  if (e.HTTP_CACHE_SHARED === "postgres" && !e.DATABASE_URL)
    ctx.addIssue({ code: "custom", path: ["HTTP_CACHE_SHARED"], message: "postgres needs DATABASE_URL (PostgreSQL)" });
  if (e.PLATFORM_STAGING && e.PLATFORM_API_URL && !e.PLATFORM_STAGING_API_URL) {
    ctx.addIssue({ code: "custom", path: ["PLATFORM_STAGING_API_URL"], message: "is required when PLATFORM_STAGING is true" });
  }
  return { ...e, APP_ENV: appEnv };
});

export type Env = z.infer<typeof CheckedEnvSchema>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = CheckedEnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".") || "(env)"}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  return result.data;
}

let cached: Env | undefined;

export function env(): Env {
  if (!cached) {
    try {
      cached = parseEnv(process.env);
    } catch (error) {
      console.error((error as Error).message);
      process.exit(1);
    }
  }
  return cached;
}

/** The dashboard a storefront reads (the staging one when PLATFORM_STAGING is set), or undefined: this process reads its own database. */
export const platformBaseUrl = (e: Env): string | undefined =>
  e.PLATFORM_STAGING && e.PLATFORM_STAGING_API_URL ? e.PLATFORM_STAGING_API_URL : e.PLATFORM_API_URL;

export type MailTransport = { via: "smtp" } | { via: "outbox"; dir: string; warning: string | null };

/**
 * How this process sends mail. Without SMTP_URL every message (a lead for a dealer, a customer's
 * sign-in link) is written to OUTBOX_DIR on this host's disk and reaches nobody: right for a developer,
 * the demo (`npm start` on the embedded database) and the tests, wrong for a real install. So a
 * production or staging process on PostgreSQL (DATABASE_URL: a real install, or CI's smoke run of one)
 * without SMTP_URL says so loudly at start-up and in /api/health; it is not refused, so that every
 * documented way to start the server keeps working without a mail server
 * (docs/operations/environment.md).
 */
export function mailTransportOf(e: Env): MailTransport {
  if (e.SMTP_URL) return { via: "smtp" };
  const realInstall = e.DATABASE_URL !== undefined && (e.APP_ENV === "production" || e.APP_ENV === "staging");
  return {
    via: "outbox",
    dir: e.OUTBOX_DIR,
    warning: realInstall
      ? `SMTP_URL is not set: mail (leads for dealers, sign-in links) is written to ${e.OUTBOX_DIR} on this host and reaches nobody. The outbox is for development only: set SMTP_URL.`
      : null,
  };
}

export const isBuildPhase = () => env().NEXT_PHASE === "phase-production-build";
