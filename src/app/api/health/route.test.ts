import { afterEach, describe, expect, test, vi } from "vitest";
import { setupAppDatabase } from "@/server/testing/app-database";
import { GET } from "./route";

// the mail transport as a real install (production, its own PostgreSQL) without SMTP_URL would have it, when asked
const { realInstall } = vi.hoisted(() => ({ realInstall: { on: false } }));
vi.mock("@/server/base/env", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/server/base/env")>();
  return {
    ...actual,
    mailTransportOf: (e: Parameters<typeof actual.mailTransportOf>[0]) =>
      actual.mailTransportOf(
        realInstall.on
          ? { ...e, APP_ENV: "production", DATABASE_URL: "postgres://db.internal/dealer", OUTBOX_DIR: "/srv/dealer/private-outbox" }
          : e,
      ),
  };
});

setupAppDatabase();
afterEach(() => {
  realInstall.on = false;
});

describe("GET /api/health", () => {
  // the test environment has no SMTP_URL (vitest.config.ts): its mail goes to the outbox, which says what it is
  test("says how mail leaves this process: the outbox is for development only", async () => {
    const res = await GET();
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.status).toBe("ok");
    expect(body.mail).toEqual({ via: "outbox (development only)" });
  });

  // the answer is public: the warning that names the folder on this host is for the start-up log only
  test("a real install writing mail to its outbox says only that, never the folder", async () => {
    realInstall.on = true;
    const res = await GET();
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(JSON.parse(text).mail).toEqual({ via: "outbox (development only)" });
    expect(text).not.toContain("private-outbox");
  });
});
