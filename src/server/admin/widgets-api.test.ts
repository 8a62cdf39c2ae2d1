import type { IncomingMessage } from "node:http";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { decodeWidgetFlash, WIDGET_FLASH_COOKIE } from "@/domain/site/integrations";
import * as t from "@/server/db/schema";
import { widgetOriginsFor } from "@/server/site/widget-csp";
import { ADMIN, staffCookie } from "@/server/testing/admin-requests";
import { setupAppDatabase } from "@/server/testing/app-database";
import { postWidgets } from "./api/widgets";

/*
 * The "Widgets and tracking" form's post (the owner's settings and the console): a plain form post,
 * the platform API's schema, back to the page with "saved" or the field messages, and the site's
 * CSP following at once. On ridgeline (1002), put back as it was after each test.
 */
const SITE = 1002;
const db = setupAppDatabase();
let owner = "";
let sales = "";
beforeAll(async () => {
  [owner, sales] = await Promise.all([staffCookie("owner@ridgelinemotorcycles.com.au"), staffCookie("sales@parksidemotorgroup.com.au")]);
});

const post = (fields: Record<string, string>, o: { cookie?: string; accept?: string; type?: string; origin?: string } = {}) =>
  postWidgets(
    new Request(`http://${ADMIN}/api/admin/sites/${SITE}/widgets`, {
      method: "POST",
      headers: {
        host: ADMIN,
        cookie: o.cookie ?? owner,
        "content-type": o.type ?? "application/x-www-form-urlencoded",
        accept: o.accept ?? "text/html",
        ...(o.origin ? { origin: o.origin } : {}),
      },
      body: new URLSearchParams(fields).toString(),
    }),
    { params: Promise.resolve({ siteId: String(SITE) }) },
  );
const stored = async () =>
  (await db.select({ i: t.sites.integrations, f: t.sites.features }).from(t.sites).where(eq(t.sites.id, SITE)))[0]!;
const cspOf = async () =>
  (await widgetOriginsFor({
    method: "GET",
    url: "/",
    headers: { host: "ridgeline-motorcycles.localhost:3000" },
  } as unknown as IncomingMessage))!;
async function keeping(fn: () => Promise<void>) {
  const was = await stored();
  try {
    await fn();
  } finally {
    const { catalogueChanged } = await import("@/server/cache");
    await db.update(t.sites).set({ integrations: was.i, features: was.f }).where(eq(t.sites.id, SITE));
    catalogueChanged([SITE]);
  }
}

describe("POST /api/admin/sites/{siteId}/widgets", () => {
  test("a browser's post saves the ids, switches on the flag a widget needs, goes back with 'saved'; the CSP follows, and a cleared id leaves it", async () =>
    keeping(async () => {
      expect((await cspOf()).script).toEqual([]);
      const res = await post({ back: "settings", tag_manager_id: " GTM-K7Q2XRM ", dealercell_id: "ridgeline-mc", facebook_mode: "live" });
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe(`/sites/${SITE}/settings?widgets=saved#widgets`);
      const now = await stored();
      expect(now.i).toEqual({ tag_manager_id: "GTM-K7Q2XRM", dealercell_id: "ridgeline-mc" });
      expect((now.f as Record<string, unknown>).dealercell).toBe(true);
      expect((await cspOf()).script).toEqual(["https://www.googletagmanager.com", "https://widget.dealercell.com"]);

      // every field is sent: an empty one removes its widget, and its hosts leave the page's CSP
      expect((await post({ tag_manager_id: "GTM-K7Q2XRM", dealercell_id: "" })).status).toBe(303);
      expect((await stored()).i).toEqual({ tag_manager_id: "GTM-K7Q2XRM" });
      expect((await cspOf()).script).toEqual(["https://www.googletagmanager.com"]);
    }));

  test("a bad id: nothing saved; the browser goes back with the messages and what was typed (a one-minute cookie), JSON gets 422", async () =>
    keeping(async () => {
      const before = await stored();
      const res = await post({ tag_manager_id: "GTM-K7Q2XRM", support_chat_id: "not-intercom", live_chat_provider: "livechat" });
      expect(res.status).toBe(303);
      const attempt = /\?widgets=(\w+)#widgets$/.exec(res.headers.get("location") ?? "")?.[1];
      const cookie = res.headers.get("set-cookie") ?? "";
      expect(cookie).toMatch(/; Max-Age=60; HttpOnly; SameSite=Strict/);
      const flash = decodeWidgetFlash(cookie.slice(WIDGET_FLASH_COOKIE.length + 1).split(";")[0], SITE, attempt);
      expect(flash?.errors).toEqual({
        support_chat_id: expect.stringContaining("Intercom app id"),
        live_chat_license: expect.stringContaining("LiveChat licence"),
      });
      expect(flash?.values.support_chat_id).toBe("not-intercom");
      expect(decodeWidgetFlash(cookie.slice(WIDGET_FLASH_COOKIE.length + 1).split(";")[0], SITE, "other")).toBeNull();
      expect(await stored()).toEqual(before);

      const api = await post({ analytics_id: "UA-1-2" }, { accept: "application/json" });
      expect(api.status).toBe(422);
      expect(await api.json()).toEqual({
        error: "Please check the highlighted fields.",
        errors: { analytics_id: expect.stringContaining("G-") },
      });
      expect(await stored()).toEqual(before);
    }));

  test("a refused post of 10,000 fields answers within a second, its cookie under a browser's 4 KB", async () =>
    keeping(async () => {
      const fields = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`x${i}`, "y".repeat(i % 20)]));
      const started = performance.now();
      const res = await post({ ...fields, support_chat_id: "not-intercom" });
      expect(performance.now() - started).toBeLessThan(1000);
      expect(res.status).toBe(303);
      const cookie = res.headers.get("set-cookie") ?? "";
      expect(cookie.length).toBeLessThan(4096);
      const attempt = /\?widgets=(\w+)#widgets$/.exec(res.headers.get("location") ?? "")?.[1];
      const flash = decodeWidgetFlash(cookie.slice(WIDGET_FLASH_COOKIE.length + 1).split(";")[0], SITE, attempt);
      expect(flash?.errors.support_chat_id).toContain("Intercom app id");
    }));

  test.each<[string, { otherSite?: true; origin?: string; type?: string }, number]>([
    ["staff of another site", { otherSite: true }, 403],
    ["a cross-site post", { origin: "http://evil.example" }, 403],
    ["a body that is not a form", { type: "application/json" }, 415],
  ])("%s: %i", async (_, o, status) => {
    const res = await post({ tag_manager_id: "GTM-K7Q2XRM" }, { ...o, cookie: o.otherSite ? sales : undefined });
    expect(res.status).toBe(status);
  });

  test("back=console takes a dealer back to their settings (the console is for operators)", async () =>
    keeping(async () => {
      const res = await post({ back: "console", tag_manager_id: "" });
      expect(res.headers.get("location")).toBe(`/sites/${SITE}/settings?widgets=saved#widgets`);
    }));
});
