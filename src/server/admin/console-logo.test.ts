import { randomBytes } from "node:crypto";
import { eq, like } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, test } from "vitest";
import * as t from "@/server/db/schema";
import { DEMO_STAFF_PASSWORD } from "@/server/demo/staff";
import { callAdmin, staffCookie } from "@/server/testing/admin-requests";
import { setupAppDatabase } from "@/server/testing/app-database";
import { createOperator } from "./operators";
import { postConsoleLogo, postConsoleSite, putConsoleSite } from "./api/platform";

/*
 * The console's logo upload: the logo's colours read from the picture (its dominant colour, its
 * palette), kept on the site's logo record, and the checklist's logo item judged from them against
 * the header's colour; a plate or the logo's own colours chosen afterwards through the site's PUT.
 */
const run = randomBytes(3).toString("hex");
const email = `logo-ops-${run}@platform.test`;
const database = setupAppDatabase({
  after: async () => {
    await database.delete(t.sites).where(like(t.sites.slug, `%-${run}`));
    await database.delete(t.staffUsers).where(eq(t.staffUsers.email, email));
  },
});
let operator = "";
let manager = "";
let siteId = 0;
beforeAll(async () => {
  await createOperator(database, { email, password: DEMO_STAFF_PASSWORD });
  [operator, manager] = await Promise.all([staffCookie(email), staffCookie("manager@parksidemotorgroup.com.au")]);
  const body = { name: "Bayside Auto Centre", slug: `bayside-${run}`, template: "default", domain_name: `bayside-${run}.com.au` };
  const res = await callAdmin(postConsoleSite, "/api/admin/platform/sites", {}, { method: "POST", cookie: operator, body });
  expect(res.status).toBe(201);
  siteId = (await res.json()).site.id;
});

type Rgba = { r: number; g: number; b: number; alpha: number };
/** A 200×60 logo: `ink` letters' worth of colour (a bar in the middle) on `ground` (transparent or not). */
const logoPng = (ink: Rgba, ground: Rgba, accent?: Rgba) =>
  sharp({ create: { width: 200, height: 60, channels: 4, background: ground } })
    .composite([
      { input: { create: { width: 160, height: 30, channels: 4 as const, background: ink } }, left: 20, top: 15 },
      ...(accent ? [{ input: { create: { width: 40, height: 30, channels: 4 as const, background: accent } }, left: 140, top: 15 }] : []),
    ])
    .png()
    .toBuffer();
const CLEAR = { r: 0, g: 0, b: 0, alpha: 0 };

const path = () => `/api/admin/platform/sites/${siteId}/logo`;
function upload(cookie: string, bytes: Buffer, slot = "url") {
  const form = new FormData();
  form.append("slot", slot);
  form.append("logo", new Blob([new Uint8Array(bytes)], { type: "image/png" }), "logo.png");
  return callAdmin(postConsoleLogo, path(), { siteId: String(siteId) }, { method: "POST", cookie, form });
}
const put = (body: unknown) =>
  callAdmin(putConsoleSite, `/api/admin/platform/sites/${siteId}`, { siteId: String(siteId) }, { method: "PUT", cookie: operator, body });
const logoItem = (site: { publish_checklist: Array<{ key: string; label: string; done: boolean }> }) =>
  site.publish_checklist.find((c) => c.key === "logo")!;

describe("the console's logo upload reads the logo's colours", () => {
  test("only operators (404 for dealer staff); a picture that is not one is 422", async () => {
    const png = await logoPng({ r: 255, g: 255, b: 255, alpha: 1 }, CLEAR);
    expect((await upload(manager, png)).status).toBe(404);
    const bad = await upload(operator, Buffer.from("<svg/>"));
    expect(bad.status).toBe(422);
  });

  test("a dark logo on the new site's grey header: measured, the checklist says it does not read; a light plate makes it", async () => {
    const res = await upload(operator, await logoPng({ r: 26, g: 26, b: 26, alpha: 1 }, CLEAR, { r: 200, g: 16, b: 46, alpha: 1 }));
    expect(res.status).toBe(201);
    const { site } = await res.json();
    expect(site.colours).toEqual({ primary: "#3a4049", secondary: "#5c6670" }); // offered, not taken
    expect(site.logo.url).toMatch(/^\/images\/[0-9a-f]{32}\.png$/);
    expect(site.logo.ink).toEqual({ url: "#1a1a1a" });
    expect(site.logo.palette).toEqual(["#1a1a1a", "#c8102e"]);
    expect(logoItem(site)).toMatchObject({ key: "logo", label: "A logo that reads on the header", done: false });

    const plated = await put({ logo: { ...site.logo, plate: "light" } });
    expect(plated.status).toBe(200);
    const after = (await plated.json()).site;
    expect(after.logo.plate).toBe("light");
    expect(logoItem(after).done).toBe(true);
  });

  test("the offered colours taken: the red header; the small logo is measured too and counts", async () => {
    // a new logo from scratch (the light plate would hide a white logo: it is measured against the plate)
    const res = await put({ colours: { primary: "#c8102e", secondary: "#1a1a1a" }, logo: {} });
    expect(res.status).toBe(200);
    const white = await upload(operator, await logoPng({ r: 255, g: 255, b: 255, alpha: 1 }, CLEAR));
    const { site } = await white.json();
    expect(site.logo.ink.url).toBe("#ffffff");
    expect(logoItem(site).done).toBe(true); // white on red: 5.3:1
    const thumb = await upload(operator, await logoPng({ r: 200, g: 16, b: 46, alpha: 1 }, CLEAR), "thumb");
    const withThumb = (await thumb.json()).site;
    expect(withThumb.logo.ink).toEqual({ url: "#ffffff", thumb: "#c8102e" });
    expect(withThumb.logo.palette).toEqual(["#ffffff"]); // the palette is the full logo's
    expect(logoItem(withThumb).done).toBe(false); // the phone's red logo on the red header
  });

  test("a picture without transparency carries its own background: it reads on any header", async () => {
    const res = await upload(operator, await logoPng({ r: 200, g: 16, b: 46, alpha: 1 }, { r: 255, g: 255, b: 255, alpha: 1 }), "thumb");
    const { site } = await res.json();
    expect(site.logo.ink.thumb).toBeNull();
    expect(logoItem(site).done).toBe(true);
  });
});
