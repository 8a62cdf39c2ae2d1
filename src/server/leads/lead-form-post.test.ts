import { rm } from "node:fs/promises";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { decodeFormFlash } from "@/domain/http/form-flash";
import { MSG } from "@/domain/leads/messages";
import { OPT_IN_WORDING } from "@/domain/leads/consent";
import { LEAD_FORM_FLASH_COOKIE } from "@/domain/leads/posted-form";
import { setupAppDatabase } from "@/server/testing/app-database";
import { env } from "@/server/base/env";
import * as t from "@/server/db/schema";
import { liveLeadRoutes } from "./handlers";

// An enquiry form posted by the browser without JavaScript: POST /api/leads/form (docs/features/forms-and-leads.md)
const api = liveLeadRoutes();
const db = setupAppDatabase({ after: () => rm(path.resolve(env().UPLOAD_DIR), { recursive: true, force: true }) });

const SLUG = "parkside-motor-group";
const SITE = 1001;
const host = `${SLUG}.localhost:3000`;
let ip = 0;
const formPost = (body: BodyInit, type = "application/x-www-form-urlencoded", headers: Record<string, string> = {}) =>
  new Request(`http://${host}/api/leads/form`, {
    method: "POST",
    // a fresh address each time: the rate limit is not what these tests are about
    headers: { host, "content-type": type, "x-real-ip": `10.9.0.${++ip}`, ...headers },
    body,
  });
const contact = (over: Record<string, string> = {}) =>
  new URLSearchParams({
    form: "contact",
    return_to: "/contact",
    first_name: "Mary",
    last_name: "Smith",
    email: "mary@example.com",
    phone: "0412 345 678",
    postcode: "3134",
    category: "General Enquiry",
    dealership_slug: "parkside-mazda",
    location: "10012",
    message: "Is the CX-5 still available?",
    opt_in: "false",
    ...over,
  });
const flashOf = (res: Response) => {
  const cookie = res.headers.get("set-cookie") ?? "";
  const raw = new RegExp(`^${LEAD_FORM_FLASH_COOKIE}=([^;]*)`).exec(cookie)?.[1];
  return { cookie, flash: decodeFormFlash(raw, SITE, "contact", () => true) };
};
const leadsBy = (email: string) => db.select().from(t.leads).where(eq(t.leads.email, email));

describe("POST /api/leads/form", () => {
  test("a valid form: the lead is stored and the browser goes on to the success page (303), nothing typed in the address", async () => {
    const res = await api.form(formPost(contact({ email: "plain.post@example.com" })));
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/success?category=general-enquiry");
    // the flash cookie of an earlier refusal is cleared
    expect(res.headers.get("set-cookie")).toMatch(new RegExp(`^${LEAD_FORM_FLASH_COOKIE}=; Path=/contact; Max-Age=0`));
    const [row] = await leadsBy("plain.post@example.com");
    expect(row).toMatchObject({ siteId: SITE, firstName: "Mary", category: "General Enquiry", locationId: 10012 });
    expect(row!.payload).toMatchObject({ opt_in: false, page_id: "/contact", message: "Is the CX-5 still available?" });
    // the consent as it was given: the box's words, left unticked, when
    expect(row!.payload.marketing_consent).toEqual({ wording: OPT_IN_WORDING, ticked: false, at: expect.any(String) });
  });

  test.each<[string, Record<string, string>, string]>([
    [
      "careers: its own category, as the page's script goes",
      { form: "careers", return_to: "/careers", position: "Advisor" },
      "/success?category=careers-enquiry",
    ],
    ["a used car's enquiry: the car's type", { form: "contact", vehicle: "x", car_type: "used" }, "/success?category=used-vehicle-enquiry"],
    ["a made-up car type is not used", { form: "contact", car_type: "<b>" }, "/success?category=general-enquiry"],
  ])("the success page: %s", async (_, over, location) => {
    const res = await api.form(
      formPost(contact({ email: `success.${over.form}.${over.car_type ?? ""}@example.com`.replace(/[<>]/g, ""), ...over })),
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(location);
  });

  test.each([
    ["demo", "Demo Vehicle Enquiry"],
    ["used", "Used Vehicle Enquiry"],
    ["new", "New Vehicle Enquiry"],
  ] as const)("a %s car's enquiry from /contact?vehicle= is filed as %s at the car's location's dealership", async (carType, category) => {
    const [car] = await db
      .select()
      .from(t.vehicles)
      .where(
        and(
          eq(t.vehicles.siteId, SITE),
          eq(t.vehicles.carType, carType),
          eq(t.vehicles.status, "in_stock"),
          eq(t.vehicles.showOnDealerWebsite, true),
        ),
      )
      .limit(1);
    const [location] = await db.select().from(t.locations).where(eq(t.locations.id, car!.locationId!));
    const email = `car.${carType}@example.com`;
    // the car's enquiry form as /contact?vehicle= draws it: its location chosen, no enquiry type or dealership to pick
    const fields = new URLSearchParams({
      form: "vehicle",
      return_to: `/contact?vehicle=${car!.slug}`,
      vehicle: car!.slug,
      car_type: carType,
      first_name: "Mary",
      last_name: "Smith",
      email,
      phone: "0412 345 678",
      postcode: "3134",
      location: String(car!.locationId),
      message: "",
      opt_in: "false",
    });
    const res = await api.form(formPost(fields));
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/success?category=${carType}-vehicle-enquiry`);
    const [row] = await leadsBy(email);
    expect(row).toMatchObject({ category, vehicleId: car!.id, locationId: car!.locationId, dealershipSlug: location!.dealershipSlug });
  });

  test("a ticked opt-in box (its value after the hidden false) is a yes; multipart without files is taken too", async () => {
    const fd = new FormData();
    for (const [k, v] of contact({ email: "multi.part@example.com" })) fd.append(k, v);
    fd.append("opt_in", "on");
    fd.append("files", new File([], ""), "");
    const res = await api.form(
      new Request(`http://${host}/api/leads/form`, { method: "POST", headers: { host, "x-real-ip": "10.9.1.1" }, body: fd }),
    );
    expect(res.status).toBe(303);
    const [row] = await leadsBy("multi.part@example.com");
    expect(row!.payload).toMatchObject({ opt_in: true, has_files: false });
    expect(row!.payload.marketing_consent).toEqual({ wording: OPT_IN_WORDING, ticked: true, at: expect.any(String) });
  });

  test("refused fields: back to the form (303) with each message and every typed value in a one-minute cookie; no lead", async () => {
    const res = await api.form(formPost(contact({ email: "not-an-email", first_name: "", phone: "0412 345 678" })));
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/contact");
    const { cookie, flash } = flashOf(res);
    expect(cookie).toMatch(/; Path=\/contact; Max-Age=60; HttpOnly; SameSite=Lax$/);
    expect(flash!.errors).toMatchObject({ email: MSG.email, first_name: MSG.required });
    expect(flash!.values).toMatchObject({
      email: "not-an-email",
      last_name: "Smith",
      phone: "0412 345 678",
      message: "Is the CX-5 still available?",
    });
    expect(await leadsBy("not-an-email")).toHaveLength(0);
  });

  test("a car's enquiry refused goes back to the car's form, the booked day kept as it was chosen", async () => {
    const res = await api.form(
      formPost(
        contact({
          form: "test-drive",
          return_to: "/book-test-drive?vehicle=some-car",
          vehicle: "some-car",
          email: "",
          slot_date: "2026-12-01",
        }),
      ),
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/book-test-drive?vehicle=some-car");
    const raw = /^lead_form=([^;]*)/.exec(res.headers.get("set-cookie") ?? "")?.[1];
    const flash = decodeFormFlash(raw, SITE, "test-drive", () => true)!;
    expect(flash.values.slot_date).toBe("2026-12-01");
    expect(flash.errors.email).toBe(MSG.required);
  });

  test.each([
    ["no return page", { return_to: "" }],
    ["another site's page", { return_to: "https://evil.example/contact" }],
    ["a protocol-relative page", { return_to: "//evil.example/x" }],
    ["typed data in the return page", { return_to: "/contact?email=mary@example.com" }],
    ["an unknown form", { form: "__proto__" }],
  ])("%s: 400, nothing stored", async (_, over) => {
    const res = await api.form(formPost(contact({ email: "bad.return@example.com", ...over })));
    expect(res.status).toBe(400);
    expect(await leadsBy("bad.return@example.com")).toHaveLength(0);
  });

  test("odd names (__proto__, constructor) are dropped; NUL in a value and bad percent-encoding are refused, never a 500", async () => {
    const proto = await api.form(formPost(`${contact({ email: "proto.post@example.com" })}&__proto__[x]=1&constructor=1`));
    expect(proto.status).toBe(303);
    expect(proto.headers.get("location")).toMatch(/^\/success/);
    const nul = await api.form(formPost(`${contact()}&message=hi%00there`));
    expect(nul.status).toBe(303);
    expect(flashOf(nul).flash!.errors.message).toBeTruthy();
    const broken = await api.form(formPost(`${contact()}&first_name=%E0%A4%A`));
    expect(broken.status).toBeLessThan(500);
  });

  test.each([
    ["JSON", "application/json", 415],
    ["plain text", "text/plain", 415],
  ])("%s body: %s", async (_, type, status) => {
    const res = await api.form(formPost(contact().toString(), type));
    expect(res.status).toBe(status);
  });

  test("too big, or from another site: back to the form with the message (lead-form-refusals.test.ts has the rest)", async () => {
    const big = await api.form(formPost(`${contact()}&message=${"x".repeat(70 * 1024)}`));
    expect([big.status, big.headers.get("location")]).toEqual([303, "/contact"]);
    expect(flashOf(big).flash!.errors).toEqual({ form: "The request is too large (at most 64 KB)." });
    const cross = await api.form(formPost(contact(), undefined, { "sec-fetch-site": "cross-site" }));
    expect([cross.status, cross.headers.get("location")]).toEqual([303, "/contact"]);
  });

  test("posted twice (a double tap, a reload of the answer): one lead, and both go on to the success page", async () => {
    const body = contact({ email: "twice.post@example.com", submission: "3f1c7a2e-5b7d-4e0a-9c1d-2b6f8e4a9d10" }).toString();
    const [first, second] = await Promise.all([api.form(formPost(body)), api.form(formPost(body))]);
    const third = await api.form(formPost(body));
    for (const res of [first, second, third]) {
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe("/success?category=general-enquiry");
    }
    expect(await leadsBy("twice.post@example.com")).toHaveLength(1);
    // the same page's form sent again with other words is another enquiry
    await api.form(
      formPost(
        contact({ email: "twice.post@example.com", submission: "3f1c7a2e-5b7d-4e0a-9c1d-2b6f8e4a9d10", message: "And a trade-in?" }),
      ),
    );
    expect(await leadsBy("twice.post@example.com")).toHaveLength(2);
  });

  test("a made-up submission token: 400, nothing stored", async () => {
    const res = await api.form(formPost(contact({ email: "bad.token@example.com", submission: "<x>" })));
    expect(res.status).toBe(400);
    expect(await leadsBy("bad.token@example.com")).toHaveLength(0);
  });

  test("the honeypot filled: refused like the JSON API (400)", async () => {
    const res = await api.form(formPost(contact({ company_website: "spam.example", email: "honey.pot@example.com" })));
    expect(res.status).toBe(400);
    expect(await leadsBy("honey.pot@example.com")).toHaveLength(0);
  });
});
