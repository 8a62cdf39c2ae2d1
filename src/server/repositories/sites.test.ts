import { eq } from "drizzle-orm";
import { afterAll, expect, test } from "vitest";
import * as t from "@/server/db/schema";
import { setupAppDatabase } from "@/server/testing/app-database";
import { countSites, getSiteSecretsOf, listSiteIds, listSiteLabels } from "./sites";

/* Site lookups for the back-office and the server's own use, on the app's (seeded) database. */
const db = setupAppDatabase();
afterAll(() => db.update(t.sites).set({ secrets: {} }).where(eq(t.sites.id, 1003)));

test("every site's id in order, and their count", async () => {
  const ids = await listSiteIds(db);
  expect(ids).toEqual([...ids].sort((a, b) => a - b));
  expect(ids).toEqual(expect.arrayContaining([1001, 1002, 1003, 1004, 1005, 1006, 1007]));
  // at least: on PostgreSQL other test files, sharing the database, may add a site meanwhile
  expect(await countSites(db)).toBeGreaterThanOrEqual(ids.length);
});

test("the back-office's labels for the sites asked for only", async () => {
  const rows = await listSiteLabels(db, [1002, 1001, 999_999]);
  expect(rows.sort((a, b) => a.id - b.id)).toEqual([
    expect.objectContaining({ id: 1001, name: "Parkside Motor Group", slug: "parkside-motor-group" }),
    expect.objectContaining({ id: 1002, name: "Ridgeline Motorcycles", slug: "ridgeline-motorcycles" }),
  ]);
  expect(Object.keys(rows[0]!).sort()).toEqual(["country", "currency", "id", "name", "slug", "template", "timezone", "url"]);
  expect(await listSiteLabels(db, [])).toEqual([]);
});

test("a site's secrets are its own; none is an empty set, for an unknown site too", async () => {
  await db
    .update(t.sites)
    .set({ secrets: { facebook_capi_token: "token-1003" } })
    .where(eq(t.sites.id, 1003));
  expect(await getSiteSecretsOf(db, 1003)).toEqual({ facebook_capi_token: "token-1003" });
  expect(await getSiteSecretsOf(db, 1004)).toEqual({});
  expect(await getSiteSecretsOf(db, 999_999)).toEqual({});
});
