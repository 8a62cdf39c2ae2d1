import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, test } from "vitest";
import { BOOKING_MSG } from "@/domain/bookings/messages";
import { localTime } from "@/domain/locations/hours";
import { plusDays } from "@/domain/bookings/slots";
import * as t from "@/server/db/schema";
import { setupAppDatabase } from "@/server/testing/app-database";
import { OutboxMailer } from "@/server/mail/mailer";
import { deliverDue } from "@/server/delivery/worker";
import { liveLeadRoutes } from "@/server/leads/handlers";
import { cancelRoute, slotsRoute } from "./bookings-api";

const db = setupAppDatabase();
const leads = liveLeadRoutes();
const SITE = "parkside-motor-group";
const HOST = `${SITE}.localhost:3000`;
const WORKSHOP = 10016; // Parkside Service Centre, Melbourne: weekdays 7:30 am to 5:30 pm
const ZONE = "Australia/Melbourne";

const slots = (query: string) => slotsRoute(new Request(`http://${HOST}/api/bookings/slots?${query}`, { headers: { host: HOST } }));
const person = { first_name: "Mary", last_name: "Smith", email: "mary@example.com", phone: "0412 345 678", postcode: "3134" };
let ip = 0;
const lead = (body: Record<string, unknown>) =>
  leads.create(
    new Request(`http://${HOST}/api/leads`, {
      method: "POST",
      // each from its own connection: the lead rate limit is not what these tests are about
      headers: { host: HOST, "content-type": "application/json", "x-real-ip": `10.9.${Math.floor(++ip / 250)}.${ip % 250}` },
      body: JSON.stringify({ lead: { ...person, ...body } }),
    }),
  );

/** The next weekday at least `after` days ahead, on Melbourne's calendar (the workshop is open on weekdays). */
function weekdayAhead(after: number): string {
  let date = plusDays(localTime(Date.now(), ZONE).date, after);
  while ([0, 6].includes(new Date(`${date}T12:00:00Z`).getUTCDay())) date = plusDays(date, 1);
  return date;
}
/** The next Sunday (the workshop is closed). */
function sundayAhead(): string {
  let date = plusDays(localTime(Date.now(), ZONE).date, 1);
  while (new Date(`${date}T12:00:00Z`).getUTCDay() !== 0) date = plusDays(date, 1);
  return date;
}

type Slot = { start: string; end: string; available: number };
const slotsOf = async (query: string): Promise<Slot[]> => {
  const res = await slots(query);
  expect(res.status).toBe(200);
  return ((await res.json()) as { slots: Slot[] }).slots;
};

/** A car of Parkside that is on show, with its stock number and slug. */
async function listedCar(offset = 0) {
  const [car] = await db
    .select({ id: t.vehicles.id, slug: t.vehicles.slug, stock: t.vehicles.stockNumber })
    .from(t.vehicles)
    .where(and(eq(t.vehicles.siteId, 1001), eq(t.vehicles.status, "in_stock"), eq(t.vehicles.showOnDealerWebsite, true)))
    .orderBy(t.vehicles.id)
    .offset(offset)
    .limit(1);
  return car!;
}

describe("GET /api/bookings/slots", () => {
  test("a workshop's day: half-hour drop-offs in its own clock, each taking two", async () => {
    const date = weekdayAhead(3);
    const list = await slotsOf(`kind=service&date=${date}&location_id=${WORKSHOP}`);
    expect(list[0]).toEqual({
      start: expect.stringMatching(new RegExp(`^${date}T07:30:00\\+1[01]:00$`)),
      end: expect.stringMatching(/T08:00:00/),
      available: 2,
    });
    expect(list.at(-1)!.start).toMatch(/T17:00:00/);
    expect(list).toHaveLength(20);
  });

  test("a closed day, a day gone and today (no same-day service) are empty lists", async () => {
    expect(await slotsOf(`kind=service&date=${sundayAhead()}&location_id=${WORKSHOP}`)).toEqual([]);
    expect(await slotsOf(`kind=service&date=2020-01-06&location_id=${WORKSHOP}`)).toEqual([]);
    expect(await slotsOf(`kind=service&date=${localTime(Date.now(), ZONE).date}&location_id=${WORKSHOP}`)).toEqual([]);
  });

  test("a car's test-drive slots are one at a time, inside its location's hours", async () => {
    const car = await listedCar();
    const list = await slotsOf(`kind=test-drive&date=${weekdayAhead(2)}&vehicle=${encodeURIComponent(car.stock)}`);
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((s) => s.available === 1)).toBe(true);
  });

  test.each([
    ["no kind", `date=2027-01-04&location_id=${WORKSHOP}`, "kind"],
    ["an odd kind", `kind=__proto__&date=2027-01-04&location_id=${WORKSHOP}`, "kind"],
    ["no such date", `kind=service&date=2027-02-30&location_id=${WORKSHOP}`, "date"],
    ["a date with a NUL", `kind=service&date=2027-01-04%00&location_id=${WORKSHOP}`, "date"],
    ["no workshop", "kind=service&date=2027-01-04", "location_id"],
    ["no car", "kind=test-drive&date=2027-01-04", "vehicle"],
  ])("%s is a 422 naming the field", async (_, query, field) => {
    const res = await slots(query);
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toHaveProperty(field);
  });

  test("a location that is no workshop, or a car that is not there, is a 404", async () => {
    expect((await slots(`kind=service&date=2027-01-04&location_id=10012`)).status).toBe(404);
    expect((await slots(`kind=test-drive&date=2027-01-04&vehicle=NO-SUCH-STOCK`)).status).toBe(404);
  });
});

describe("a booking on a lead", () => {
  test("a workshop slot takes two drop-offs; the third is a 409 with the next free starts", async () => {
    const date = weekdayAhead(5);
    const [first] = await slotsOf(`kind=service&date=${date}&location_id=${WORKSHOP}`);
    const book = () => lead({ form: "service", location: WORKSHOP, state: "vic", booking_start: first!.start });
    const once = await book();
    expect(once.status, JSON.stringify(await once.clone().json())).toBe(201);
    expect((await slotsOf(`kind=service&date=${date}&location_id=${WORKSHOP}`))[0]).toMatchObject({ start: first!.start, available: 1 });
    const second = await book();
    expect(second.status).toBe(201);
    expect((await second.json()).lead).toMatchObject({
      booking_start: first!.start,
      day: Number(date.slice(8)),
      category: "Service Enquiry",
    });
    const third = await book();
    expect(third.status).toBe(409);
    const refused = await third.json();
    expect(refused.errors).toEqual({ booking_start: BOOKING_MSG.taken });
    expect(refused.next_starts[0]).toMatch(new RegExp(`^${date}T08:00:00`));
  });

  test("one car, one time: of ten shoppers asking at once, one books it and nine are told it is taken", async () => {
    const car = await listedCar(1);
    const [slot] = await slotsOf(`kind=test-drive&date=${weekdayAhead(4)}&vehicle=${encodeURIComponent(car.stock)}`);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => lead({ form: "test-drive", vehicle: car.slug, booking_start: slot!.start })),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(409)]);
    const held = await db
      .select()
      .from(t.bookings)
      .where(and(eq(t.bookings.vehicleId, car.id), eq(t.bookings.status, "booked")));
    expect(held.filter((b) => b.startsAt.getTime() === Date.parse(slot!.start))).toHaveLength(1);
  });

  test("a test drive from the form (day, month, year and time) holds the car's slot too", async () => {
    const car = await listedCar(2);
    const date = weekdayAhead(6);
    const [slot] = await slotsOf(`kind=test-drive&date=${date}&vehicle=${encodeURIComponent(car.stock)}`);
    const [year, month, day] = date.split("-").map(Number);
    const time = slot!.start.slice(11, 16);
    const form = { form: "test-drive", vehicle: car.slug, day, month, year, time };
    expect((await lead(form)).status).toBe(201);
    const again = await lead(form);
    expect(again.status).toBe(409);
    expect((await again.json()).errors).toEqual({ time: BOOKING_MSG.taken });
  });

  test("a service from the form (its day and a time) holds a workshop seat; no time is a preferred day that holds none", async () => {
    const date = weekdayAhead(9);
    const [year, month, day] = date.split("-").map(Number);
    const [, second] = await slotsOf(`kind=service&date=${date}&location_id=${WORKSHOP}`);
    const form = { form: "service", location: WORKSHOP, state: "vic", day, month, year };
    const at = { ...form, time: second!.start.slice(11, 16) };
    expect((await lead(at)).status).toBe(201);
    expect((await lead(at)).status).toBe(201);
    const full = await lead(at);
    expect(full.status).toBe(409);
    expect((await full.json()).errors).toEqual({ time: BOOKING_MSG.taken });
    expect((await lead(form)).status).toBe(201);
    const list = await slotsOf(`kind=service&date=${date}&location_id=${WORKSHOP}`);
    expect(list.map((s) => s.start)).not.toContain(second!.start);
    expect(list).toHaveLength(19);
  });

  test.each([
    ["a time gone by", "2020-01-06T09:00:00+11:00", 422],
    ["a time not on the half hour", "SLOT+10", 409],
    ["a time the workshop is shut", "SUNDAY", 409],
    ["no ISO time", "next tuesday", 422],
  ])("%s is refused (%s)", async (_, given, status) => {
    const date = weekdayAhead(7);
    const [first] = await slotsOf(`kind=service&date=${date}&location_id=${WORKSHOP}`);
    const start =
      given === "SLOT+10" ? first!.start.replace(":30:00", ":40:00") : given === "SUNDAY" ? `${sundayAhead()}T10:00:00+11:00` : given;
    const res = await lead({ form: "service", location: WORKSHOP, booking_start: start });
    expect(res.status).toBe(status);
    expect((await res.json()).errors).toHaveProperty("booking_start");
  });

  test("a service booking at a location that is no workshop is a 422 on the location", async () => {
    const res = await lead({ form: "service", location: 10012, booking_start: `${weekdayAhead(3)}T09:00:00+11:00` });
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual({ location: BOOKING_MSG.needsWorkshop });
  });
});

describe("the confirmation and its link", () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

  test("the shopper gets a calendar invite and a link whose page cancels the booking, freeing the slot", async () => {
    const date = weekdayAhead(8);
    const [first] = await slotsOf(`kind=service&date=${date}&location_id=${WORKSHOP}`);
    const email = `booker-${Date.now()}@example.com`;
    const res = await lead({ form: "service", location: WORKSHOP, state: "vic", email, booking_start: first!.start });
    expect(res.status).toBe(201);
    const dir = await mkdtemp(path.join(tmpdir(), "bookings-outbox-"));
    dirs.push(dir);
    await deliverDue(db, { mailer: new OutboxMailer(dir, "Dealer Platform <leads@platform.test>") }, 200);
    const files = await Promise.all((await readdir(dir)).map((f) => readFile(path.join(dir, f), "utf8")));
    const mail = files.find((m) => m.includes(`\nTo: ${email}`))!;
    expect(mail).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/);
    expect(mail).toMatch(/^Subject: =\?UTF-8\?Q\?Booking_confirmed=3A_Service_booking/m);
    expect(mail).toMatch(/Your booking with Parkside Motor Group is confirmed\./);
    const link = /https?:\/\/\S+\/booking\/[0-9a-f-]{36}\.[\w-]+/.exec(mail.replace(/=\r?\n/g, ""))![0];
    const token = new URL(link).pathname.slice("/booking/".length);
    expect((await slotsOf(`kind=service&date=${date}&location_id=${WORKSHOP}`))[0]).toMatchObject({ available: 1 });

    const cancel = (body: string, type = "application/x-www-form-urlencoded") =>
      cancelRoute(
        new Request(`http://${HOST}/api/bookings/cancel`, {
          method: "POST",
          headers: { host: HOST, origin: `http://${HOST}`, "content-type": type },
          body,
        }),
      );
    expect((await cancel(`token=${token.slice(0, -2)}xx`)).status).toBe(404);
    const done = await cancel(`token=${encodeURIComponent(token)}`);
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe(`/booking/${token}`);
    expect((await slotsOf(`kind=service&date=${date}&location_id=${WORKSHOP}`))[0]).toMatchObject({ start: first!.start, available: 2 });
    // the workshop is told, through the outbox, once
    await deliverDue(db, { mailer: new OutboxMailer(dir, "Dealer Platform <leads@platform.test>") }, 200);
    expect((await cancel(`token=${encodeURIComponent(token)}`)).status).toBe(303);
    await deliverDue(db, { mailer: new OutboxMailer(dir, "Dealer Platform <leads@platform.test>") }, 200);
    const notices = (await Promise.all((await readdir(dir)).map((f) => readFile(path.join(dir, f), "utf8")))).filter((m) =>
      m.includes("cancelled their booking from its page"),
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain("\nTo: service@parksidemotorgroup.com.au");
    expect(notices[0]).toContain("Mary Smith cancelled their booking from its page; the time is free again.");
  });
});
