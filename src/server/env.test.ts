import { describe, expect, test } from "vitest";
import { parseEnv } from "./env";

describe("typed env", () => {
  test("defaults", () => {
    const e = parseEnv({});
    expect(e).toMatchObject({ PORT: 3000, DEFAULT_SITE: "parkside-motor-group", LOG_LEVEL: "info", DATA_DIR: ".data/pglite" });
    expect(e.DATABASE_URL).toBeUndefined();
  });

  test("empty DATABASE_URL means the embedded database", () => {
    expect(parseEnv({ DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
  });

  test.each([
    [{ PORT: "http" }, /PORT/],
    [{ PORT: "70000" }, /PORT/],
    [{ DATABASE_URL: "mysql://x" }, /DATABASE_URL: must be a postgres/],
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
  ])("invalid %o names the variable", (source, message) => {
    expect(() => parseEnv(source)).toThrow(message);
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
});
