import { randomBytes } from "node:crypto";
import { eq, inArray, like } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import * as t from "@/server/db/schema";
import { DEMO_STAFF_PASSWORD } from "@/server/demo/staff";
import { callAdmin, staffCookie } from "@/server/testing/admin-requests";
import { setupAppDatabase } from "@/server/testing/app-database";
import { postConsoleLocation, postConsoleSite, putConsoleLocation } from "./api/platform";
import { createOperator } from "./operators";

/*
 * The console's location form, through its handlers: an address with no coordinates is placed at its
 * postcode's centre, a point pasted from the map places it, and each refusal names its field.
 */
const run = randomBytes(3).toString("hex");
const sites: number[] = [];
const db = setupAppDatabase({
  after: async () => {
    if (sites.length) await db.delete(t.sites).where(inArray(t.sites.id, sites));
    await db.delete(t.staffUsers).where(like(t.staffUsers.email, `%-${run}@platform.test`));
  },
});
let operator = "";
let siteId = 0;
beforeAll(async () => {
  const email = `placer-${run}@platform.test`;
  await createOperator(db, { email, name: "Olive", password: DEMO_STAFF_PASSWORD });
  operator = await staffCookie(email);
  const res = await callAdmin(
    postConsoleSite,
    "/api/admin/platform/sites",
    {},
    {
      method: "POST",
      cookie: operator,
      body: { name: `Bayside Auto ${run}`, slug: `bayside-auto-${run}`, template: "default", domain_name: `bayside-${run}.com.au` },
    },
  );
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(201);
  siteId = body.site.id;
  sites.push(siteId);
});

test("the console refuses a site slug the back-office's own host uses: 422 on the field", async () => {
  const res = await callAdmin(
    postConsoleSite,
    "/api/admin/platform/sites",
    {},
    {
      method: "POST",
      cookie: operator,
      body: { name: `Admin Motors ${run}`, slug: "admin", template: "default", domain_name: `admin-${run}.com.au` },
    },
  );
  expect(res.status).toBe(422);
  expect(Object.keys((await res.json()).errors)).toEqual(["slug"]);
});

const frankston = { street: "1 Nepean Hwy", city: "Frankston", state: "VIC", postcode: "3199" };
const add = (address: object, name = "Bayside Auto Frankston") =>
  callAdmin(
    postConsoleLocation,
    `/api/admin/platform/sites/${siteId}/locations`,
    { siteId: String(siteId) },
    {
      method: "POST",
      cookie: operator,
      body: { name, contact_detail: { phone: "(03) 9781 0000" }, address },
    },
  );

test("no coordinates: placed at the postcode's centre; a pasted map address moves it to the door", async () => {
  const res = await add(frankston);
  expect(res.status).toBe(201);
  const { location } = await res.json();
  expect(location.address).toMatchObject({ lat: -38.156, long: 145.149, full: "1 Nepean Hwy, Frankston VIC 3199" });
  const moved = await callAdmin(
    putConsoleLocation,
    `/api/admin/platform/sites/${siteId}/locations/${location.id}`,
    { siteId: String(siteId), locationId: String(location.id) },
    {
      method: "PUT",
      cookie: operator,
      body: { address: { ...frankston, map_point: "https://www.openstreetmap.org/#map=18/-38.1432/145.1231" } },
    },
  );
  expect(moved.status).toBe(200);
  expect((await moved.json()).location.address).toMatchObject({ lat: -38.1432, long: 145.1231 });
  const [stored] = await db.select({ address: t.locations.address }).from(t.locations).where(eq(t.locations.id, location.id));
  expect(stored!.address).toMatchObject({ lat: -38.1432, long: 145.1231 });
});

test.each([
  ["a postcode the data does not know", { ...frankston, postcode: "3999" }, "address.postcode", /no position for postcode 3999/],
  [
    "a pasted point outside the state",
    { ...frankston, map_point: "https://www.google.com/maps/@-33.87,151.21,17z" },
    "address.map_point",
    /not in VIC/,
  ],
  ["typed coordinates outside the state", { ...frankston, lat: -33.87, long: 151.21 }, "address.lat", /These coordinates are not in VIC/],
  ["a paste with no point in it", { ...frankston, map_point: "Frankston" }, "address.map_point", /Paste the point from the map/],
])("422 for %s, naming the field", async (what, address, field, message) => {
  const res = await add(address, `Refused: ${what}`);
  expect(res.status).toBe(422);
  expect((await res.json()).errors[field]).toMatch(message);
});
