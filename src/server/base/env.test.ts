import { describe, expect, test } from "vitest";
import { mailTransportOf, parseEnv, platformBaseUrl } from "./env";

describe("typed env", () => {
  test("defaults", () => {
    const e = parseEnv({});
    expect(e).toMatchObject({ PORT: 3000, DEFAULT_SITE: "parkside-motor-group", LOG_LEVEL: "info", DATA_DIR: ".data/pglite" });
    expect(e.DATABASE_URL).toBeUndefined();
  });

  test("the shared page cache: off by default, on PostgreSQL only", () => {
    expect(parseEnv({}).HTTP_CACHE_SHARED).toBe("off");
    expect(parseEnv({ HTTP_CACHE_SHARED: "postgres", DATABASE_URL: "postgres://h/db" }).HTTP_CACHE_SHARED).toBe("postgres");
  });

  test("empty DATABASE_URL means the embedded database", () => {
    expect(parseEnv({ DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
  });

  test.each([
    [{ PORT: "http" }, /PORT/],
    [{ PORT: "70000" }, /PORT/],
    [{ DATABASE_URL: "mysql://x" }, /DATABASE_URL: must be a postgres/],
    [{ HTTP_CACHE_SHARED: "postgres" }, /HTTP_CACHE_SHARED: postgres needs DATABASE_URL/],
    [{ HTTP_CACHE_SHARED: "redis", DATABASE_URL: "postgres://h/db" }, /HTTP_CACHE_SHARED/],
    [{ DEFAULT_SITE: "Not A Slug" }, /DEFAULT_SITE/],
    [{ LOG_LEVEL: "loud" }, /LOG_LEVEL/],
    [{ TRUST_PROXY: "yes" }, /TRUST_PROXY/],
    [{ SMTP_URL: "http://mail.example.com" }, /SMTP_URL: must be an smtp/],
    [{ TEST_NOW: "next tuesday", APP_ENV: "test" }, /TEST_NOW/],
    [
      { TEST_NOW: "2026-11-18T10:30:00+11:00", NODE_ENV: "production" },
      /TEST_NOW: is a test-only setting: refused unless APP_ENV=test \(here production\)/,
    ],
    [{ TEST_NOW: "2026-11-18T10:30:00+11:00", APP_ENV: "production" }, /TEST_NOW: is a test-only setting/],
    [{ TEST_NOW: "2026-11-18T10:30:00+11:00" }, /TEST_NOW: is a test-only setting: refused unless APP_ENV=test \(here development\)/],
    [
      { PHOTO_FETCH_TEST_ORIGIN: "http://127.0.0.1:4555", NODE_ENV: "production" },
      /PHOTO_FETCH_TEST_ORIGIN: is a test-only setting: refused in production/,
    ],
    [
      { PHOTO_FETCH_TEST_ORIGIN: "http://127.0.0.1:4555", APP_ENV: "staging" },
      /PHOTO_FETCH_TEST_ORIGIN: is a test-only setting: refused in staging/,
    ],
    [{ TEST_MEMORY_DATABASE_FROM: ".data/test-memory" }, /TEST_MEMORY_DATABASE_FROM: starts an in-memory database only/],
    [{ PLATFORM_ROLE: "storefront" }, /PLATFORM_ROLE/],
    [{ PLATFORM_API_URL: "ftp://dashboard" }, /PLATFORM_API_URL: must be an http\(s\) URL/],
    [
      { PLATFORM_API_URL: "http://dashboard:3001", PLATFORM_STAGING: "true" },
      /PLATFORM_STAGING_API_URL: is required when PLATFORM_STAGING is true/,
    ],
    [{ PLATFORM_WEBHOOK_SECRET: "short" }, /PLATFORM_WEBHOOK_SECRET: must be at least 16 characters/],
    [{ PLATFORM_WEBHOOK_URLS: "http://a:3000/hook, javascript:alert(1)" }, /PLATFORM_WEBHOOK_URLS: must be comma-separated http\(s\) URLs/],
    [{ PLATFORM_REVALIDATE_SECONDS: "-1" }, /PLATFORM_REVALIDATE_SECONDS/],
    [
      { PLATFORM_API_PASSWORD: "secret", NODE_ENV: "production" },
      /PLATFORM_API_PASSWORD: must be at least 16 characters outside development/,
    ],
    [{ PLATFORM_ADMIN_PASSWORD: "short-admin-pw", APP_ENV: "staging" }, /PLATFORM_ADMIN_PASSWORD: must be at least 16/],
  ])("invalid %o names the variable", (source, message) => {
    expect(() => parseEnv(source)).toThrow(message);
  });

  test("a short platform password is allowed on a developer's machine only", () => {
    expect(parseEnv({ PLATFORM_API_PASSWORD: "secret" }).PLATFORM_API_PASSWORD).toBe("secret");
  });

  test("valid values parse", () => {
    expect(parseEnv({ PORT: "4000", DATABASE_URL: "postgres://u:p@localhost:5432/db", LOG_LEVEL: "debug" })).toMatchObject({
      PORT: 4000,
      DATABASE_URL: "postgres://u:p@localhost:5432/db",
      LOG_LEVEL: "debug",
    });
  });

  test("APP_ENV follows the build unless set; a test clock is taken under APP_ENV=test", () => {
    expect(parseEnv({ NODE_ENV: "production" }).APP_ENV).toBe("production");
    expect(parseEnv({}).APP_ENV).toBe("development");
    expect(parseEnv({ NODE_ENV: "production", APP_ENV: "test", TEST_NOW: "2026-11-18T10:30:00+11:00" })).toMatchObject({
      APP_ENV: "test",
      TEST_NOW: "2026-11-18T10:30:00+11:00",
    });
  });

  test.each([
    [undefined, 0],
    ["false", 0],
    ["0", 0],
    ["true", 1],
    ["1", 1],
    ["2", 2],
  ])("TRUST_PROXY=%s trusts %i proxies", (value, hops) => {
    expect(parseEnv({ TRUST_PROXY: value }).TRUST_PROXY).toBe(hops);
  });

  test("the platform: one process by default; a storefront reads its dashboard, or the staging one when the flag is set", () => {
    expect(parseEnv({})).toMatchObject({
      PLATFORM_ROLE: "all",
      PLATFORM_WEBHOOK_URLS: [],
      PLATFORM_REVALIDATE_SECONDS: 60,
    });
    const live = { PLATFORM_API_URL: "http://dashboard:3001", PLATFORM_STAGING_API_URL: "http://staging-dashboard:3001" };
    expect(platformBaseUrl(parseEnv(live))).toBe("http://dashboard:3001");
    expect(platformBaseUrl(parseEnv({ ...live, PLATFORM_STAGING: "true" }))).toBe("http://staging-dashboard:3001");
    expect(platformBaseUrl(parseEnv({}))).toBeUndefined();
    expect(
      parseEnv({ PLATFORM_WEBHOOK_URLS: " http://a:3000/api/platform/webhook ,https://b/api/platform/webhook" }).PLATFORM_WEBHOOK_URLS,
    ).toEqual(["http://a:3000/api/platform/webhook", "https://b/api/platform/webhook"]);
  });

  // the outbox folder is for development only: a real install (PostgreSQL, production or staging) without SMTP is warned
  const PG = "postgres://u:p@db:5432/dealers";
  test.each([
    ["a developer's machine", {}, "outbox", false],
    ["npm start: the demo on the embedded database (a production build)", { NODE_ENV: "production" }, "outbox", false],
    ["the browser tests", { NODE_ENV: "production", APP_ENV: "test", DATABASE_URL: PG }, "outbox", false],
    ["development on PostgreSQL", { DATABASE_URL: PG }, "outbox", false],
    ["a real install without SMTP (CI's smoke run, node scripts/start.mjs)", { NODE_ENV: "production", DATABASE_URL: PG }, "outbox", true],
    ["staging without SMTP", { APP_ENV: "staging", DATABASE_URL: PG }, "outbox", true],
    ["a real install with SMTP", { NODE_ENV: "production", DATABASE_URL: PG, SMTP_URL: "smtp://mail:25" }, "smtp", false],
    ["the demo with SMTP", { NODE_ENV: "production", SMTP_URL: "smtps://u:p@mail:465" }, "smtp", false],
  ])("mail on %s: %s, warned %s", (_where, source, via, warned) => {
    const mail = mailTransportOf(parseEnv(source));
    expect(mail.via).toBe(via);
    const warning = mail.via === "outbox" ? mail.warning : null;
    expect(warning !== null).toBe(warned);
    if (warning)
      expect(warning).toMatch(
        /SMTP_URL is not set: mail .* is written to \.data\/outbox on this host and reaches nobody\. The outbox is for development only: set SMTP_URL\./,
      );
  });
});
