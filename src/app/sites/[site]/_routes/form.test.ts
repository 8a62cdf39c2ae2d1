import { and, eq } from "drizzle-orm";
import { describe, expect, test, vi } from "vitest";
import * as t from "@/server/db/schema";
import { getSiteContext } from "@/server/site/context";
import { setupAppDatabase } from "@/server/testing/app-database";
import { contactSubject } from "./form";

/*
 * What a form page is about, on the demo's database: a car's enquiry on /contact?vehicle=… (the plain
 * page its vehicle page links to before the form's script runs) is that car's enquiry form.
 */
vi.mock("next/headers", () => ({ cookies: async () => ({ get: () => undefined }) }));

const db = setupAppDatabase();
const carOf = async (carType: "new" | "demo" | "used") =>
  (
    await db
      .select()
      .from(t.vehicles)
      .where(
        and(
          eq(t.vehicles.siteId, 1001),
          eq(t.vehicles.carType, carType),
          eq(t.vehicles.status, "in_stock"),
          eq(t.vehicles.showOnDealerWebsite, true),
        ),
      )
      .limit(1)
  )[0]!;

describe("contactSubject", () => {
  test.each(["new", "demo", "used"] as const)(
    "/contact?vehicle= a %s car: the car's enquiry form, at the car's location",
    async (carType) => {
      const ctx = (await getSiteContext("parkside-motor-group"))!;
      const car = await carOf(carType);
      const subject = await contactSubject(ctx, Promise.resolve({ vehicle: car.slug }));
      expect(subject).toMatchObject({ kind: "vehicle", vehicle: { slug: car.slug, carType }, locationId: car.locationId });
    },
  );

  test("/contact with no car (or one not on show) stays the contact form", async () => {
    const ctx = (await getSiteContext("parkside-motor-group"))!;
    expect((await contactSubject(ctx, Promise.resolve({}))).kind).toBe("contact");
    expect((await contactSubject(ctx, Promise.resolve({ vehicle: "no-such-car" }))).kind).toBe("contact");
  });
});
