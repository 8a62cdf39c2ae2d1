import { describe, expect, test } from "vitest";
import { setupAppDatabase } from "@/server/testing/app-database";
import { tlsAllowed } from "./tls";

/* The TLS front door's question (issue 34), through the route's handler on the seeded demo sites. */
setupAppDatabase();
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
