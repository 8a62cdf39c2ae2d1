import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { RESERVED_MESSAGE } from "@/domain/store/reservation";
import { reservationNumber } from "@/domain/store/checkout";
import { env } from "@/server/base/env";
import * as t from "@/server/db/schema";
import { HttpError } from "@/server/http/api";
import { bulkUpdateVehicles } from "@/server/repositories/stock-list";
import { getSiteContext } from "@/server/site/context";
import { editVehicle } from "@/server/stock/editing";
import { setupAppDatabase } from "@/server/testing/app-database";
import { unreservedCars } from "@/server/testing/store-cars";
import { checkoutRoute, confirmOrder, testPayRoute } from "./checkout-service";
import { endCarReservation, reservationOf } from "./reservations";

/*
 * A car reserved online is its buyer's: the back-office cannot sell, hide or reprice it until the
 * reservation is released (the buyer told) or converted to the sale. Parkside's test payments.
 */
const db = setupAppDatabase();
const HOST = "parkside-motor-group.localhost:3000";
const BY = { id: null, name: "Test Manager", email: "manager@parksidemotorgroup.com.au" };

const post = (route: (r: Request) => Promise<Response>, p: string, body: unknown) =>
  route(
    new Request(`http://${HOST}${p}`, {
      method: "POST",
      headers: { host: HOST, "content-type": "application/json", "x-real-ip": `10.8.${Math.floor(Math.random() * 250)}.1` },
      body: JSON.stringify(body),
    }),
  );

let n = 0;
/** A priced car in stock that nothing holds, reserved and paid for by its own buyer. */
async function reservedCar() {
  const [car] = await unreservedCars(db, 1);
  const email = `holder.${++n}@example.com`;
  const res = await post(checkoutRoute, "/api/checkout", {
    vehicle_slug: car!.slug,
    first_name: "Rhea",
    last_name: "Served",
    email,
    phone: "0412 345 678",
    postcode: "3134",
    accept_terms: true,
  });
  expect(res.status).toBe(201);
  const { order_id } = await res.json();
  await post(testPayRoute, "/api/checkout/test-pay", { order: order_id, outcome: "paid" });
  expect((await confirmOrder((await getSiteContext("parkside-motor-group"))!, order_id))?.status).toBe("paid");
  return { ...car!, order: order_id as string, email };
}

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => (e instanceof HttpError ? { status: e.status, errors: e.errors } : e),
  );

describe("a car reserved online", () => {
  test.each([
    ["marked sold", { status: "sold" }, "status"],
    ["hidden from the website", { show_on_dealer_website: false }, "show_on_dealer_website"],
    ["repriced", { price: 1 }, "price"],
  ])("is not %s: 422 on the field, asking for the reservation to be released or converted", async (_, edit, field) => {
    const car = await reservedCar();
    expect(await refusal(editVehicle(1001, car.id, edit as never, BY))).toEqual({ status: 422, errors: { [field]: RESERVED_MESSAGE } });
    const [after] = await db.select().from(t.vehicles).where(eq(t.vehicles.id, car.id));
    expect([after!.status, after!.showOnDealerWebsite, after!.price]).toEqual(["in_stock", true, car.price]);
  });

  test("takes other edits (its description)", async () => {
    const car = await reservedCar();
    expect((await editVehicle(1001, car.id, { description: "Reserved: being detailed." } as never, BY)).changed).toEqual(["description"]);
  });

  test("is skipped by a bulk sale, hide or price change, and said so", async () => {
    const car = await reservedCar();
    const r = await bulkUpdateVehicles(db, 1001, { action: "hide", ids: [car.id] } as never, BY, new Date());
    expect(r).toMatchObject({ changed: [], skipped: [{ id: car.id, reason: "reserved online" }] });
  });

  test("shows in the back-office with its deposit, its buyer's first name and its number", async () => {
    const car = await reservedCar();
    expect(await reservationOf(1001, car.id, "Australia/Melbourne")).toMatchObject({
      number: reservationNumber(car.order),
      by: "Rhea",
      deposit: "$500",
      paid: true,
    });
  });

  test("released: on sale again and editable, the buyer emailed that the deposit is refunded", async () => {
    const car = await reservedCar();
    expect(await endCarReservation(1001, car.id, "released", BY)).toEqual({ number: reservationNumber(car.order), status: "released" });
    expect(await reservationOf(1001, car.id, "Australia/Melbourne")).toBeNull();
    expect((await editVehicle(1001, car.id, { price: 12345 } as never, BY)).changed).toEqual(["price"]);
    const dir = path.resolve(env().OUTBOX_DIR);
    const mails = await Promise.all((await readdir(dir)).map((f) => readFile(path.join(dir, f), "utf8")));
    const mail = mails.find((m) => m.includes(`To: ${car.email}`) && m.includes(reservationNumber(car.order)));
    expect(mail).toMatch(/deposit of \$500 will be refunded/);
    expect(await refusal(endCarReservation(1001, car.id, "released", BY))).toEqual({ status: 409, errors: undefined });
  });

  test("converted: sold to its buyer", async () => {
    const car = await reservedCar();
    await endCarReservation(1001, car.id, "converted", BY);
    const [after] = await db.select().from(t.vehicles).where(eq(t.vehicles.id, car.id));
    const [order] = await db.select().from(t.orders).where(eq(t.orders.id, car.order));
    expect([after!.status, order!.status]).toEqual(["sold", "converted"]);
  });
});
