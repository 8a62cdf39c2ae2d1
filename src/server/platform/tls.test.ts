import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import * as t from "@/server/db/schema";
import { setupAppDatabase } from "@/server/testing/app-database";
import { tlsAllowed } from "./tls";

/* The TLS front door's question, through the route's handler on the seeded demo sites. */
const db = setupAppDatabase();
const ask = (query: string) => tlsAllowed(new Request(`http://127.0.0.1/api/tls/allowed${query}`));

describe("GET /api/tls/allowed", () => {
  test.each([
    ["?domain=parksidemotorgroup.com.au", 200, 1001],
    ["?domain=www.parksidemotorgroup.com.au", 200, 1001],
    ["?domain=WWW.TasmanCampers.co.nz.", 200, 1003],
    ["?domain=shop.parksidemotorgroup.com.au", 404, null],
    ["?domain=www.example.com", 404, null],
    ["?domain=parkside-motor-group.localhost", 404, null],
    ["?domain=127.0.0.1", 400, null],
    ["?domain=__proto__", 400, null],
    ["?domain=a%00b.com", 400, null],
    ["", 400, null],
  ])("%s → %i", async (query, status, siteId) => {
    const res = await ask(query);
    expect(res.status).toBe(status);
    expect(res.headers.get("cache-control")).toBe("no-store");
    if (siteId) expect(await res.json()).toMatchObject({ allowed: true, site_id: siteId });
  });
});

describe("GET /api/tls/allowed: published sites only, never a public suffix", () => {
  test("a draft's domain gets no certificate until it is published", async () => {
    await db.update(t.sites).set({ published: false }).where(eq(t.sites.id, 1003));
    try {
      expect((await ask("?domain=www.tasmancampers.co.nz")).status).toBe(404);
      expect((await ask("?domain=tasmancampers.co.nz")).status).toBe(404);
    } finally {
      await db.update(t.sites).set({ published: true }).where(eq(t.sites.id, 1003));
    }
    expect((await ask("?domain=www.tasmancampers.co.nz")).status).toBe(200);
  });

  test("a public suffix an operator typed into a record (before it was refused) gets none", async () => {
    const [before] = await db.select({ domains: t.sites.domains }).from(t.sites).where(eq(t.sites.id, 1002));
    await db
      .update(t.sites)
      .set({ domains: [...before!.domains, "com.au", "github.io"] })
      .where(eq(t.sites.id, 1002));
    try {
      for (const name of ["com.au", "www.com.au", "github.io"]) expect((await ask(`?domain=${name}`)).status, name).toBe(404);
    } finally {
      await db.update(t.sites).set({ domains: before!.domains }).where(eq(t.sites.id, 1002));
    }
  });
});
