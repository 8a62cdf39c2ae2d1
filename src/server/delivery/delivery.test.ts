import { env } from "@/server/base/env";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { setupAppDatabase } from "@/server/testing/app-database";
import * as t from "@/server/db/schema";
import { liveLeadRoutes } from "@/server/leads/handlers";
import { SmtpMailer } from "@/server/mail/mailer";
import { claimDueDeliveries, deliveryBacklog, listLeadDeliveries } from "@/server/repositories/deliveries";
import { getSiteById, getLocationById } from "@/server/repositories/sites";
import { getVehicleById } from "@/server/repositories/vehicles";
import { verifyWebhook } from "@/server/platform/webhook";
import { getLeadSubmissions } from "@/server/repositories/leads";
import { isPublicAddress } from "@/domain/http/addresses";
import { postOutbound, resolveAllowed } from "@/server/http/outbound";
import { adfEmail, adfInput, adfXml, salespersonEmail } from "./messages";
import { formatPrice } from "@/domain/format/price";
import { deliverDue, LEAD_SIGNATURE_HEADER, LEAD_TIMESTAMP_HEADER } from "./worker";

/*
 * Lead delivery end to end on the app's database (PGlite here, PostgreSQL in CI's data-layer run):
 * a lead posted to parkside reaches a real SMTP server (smtp-server on loopback) as the
 * salesperson's email and as ADF for a CRM, and a loopback webhook receiver that checks the
 * signature; a receiver that is down is retried until it is up; two workers never deliver one job
 * twice; a worker that died holding a job leaves it to the next.
 */
const PARKSIDE = 1001;
const SECRET = "lead-webhook-secret-0123456789";
const db = setupAppDatabase();

type Mail = { to: string[]; raw: string };
const mails: Mail[] = [];
let smtp: SMTPServer;
let mailer: SmtpMailer;

const hooks: Array<{ body: string; signed: boolean; idempotencyKey: string }> = [];
let receiver: Server | null = null;
let receiverPort = 0;
let receiverUp = true;

function startReceiver(port = 0): Promise<void> {
  receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      const signed = verifyWebhook(
        SECRET,
        { signature: String(req.headers[LEAD_SIGNATURE_HEADER] ?? ""), timestamp: String(req.headers[LEAD_TIMESTAMP_HEADER] ?? "") },
        body,
        Date.now(),
      );
      hooks.push({ body, signed, idempotencyKey: String(req.headers["idempotency-key"]) });
      res.writeHead(receiverUp ? (signed ? 204 : 401) : 503).end();
    });
  });
  return new Promise((r) =>
    receiver!.listen(port, "127.0.0.1", () => {
      receiverPort = (receiver!.address() as AddressInfo).port;
      r();
    }),
  );
}
const stopReceiver = () => new Promise<void>((r) => (receiver ? receiver.close(() => r()) : r()));

const api = liveLeadRoutes();
let client = 0;
async function postLead(over: Record<string, unknown> = {}, slug = "parkside-motor-group") {
  client++;
  const host = `${slug}.localhost:3000`;
  const res = await api.create(
    new Request(`http://${host}/api/leads`, {
      method: "POST",
      headers: { host, "content-type": "application/json", "x-real-ip": `10.66.0.${client}` },
      body: JSON.stringify({
        lead: {
          form: "contact",
          first_name: "Mary",
          last_name: "Obrien",
          email: "mary@example.com",
          phone: "0412 345 678",
          postcode: "3134",
          category: "General Enquiry",
          dealership_slug: "parkside-mazda",
          location: 10012,
          message: "Is the CX-5 still available? Today & tomorrow work",
          ...over,
        },
      }),
    }),
  );
  if (res.status !== 201) throw new Error(`lead refused: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { lead: { id: string } }).lead.id;
}

/** The tests' receiver listens on loopback, which a real webhook may never reach: these deliveries may connect to 127.0.0.1 only. */
const receiverDeps = () => ({ mailer, allowAddress: (ip: string) => ip === "127.0.0.1" });

const deliveriesOf = (leadId: string) => listLeadDeliveries(db, PARKSIDE, leadId);

async function putLead(id: string, lead: Record<string, unknown>, slug = "parkside-motor-group") {
  client++;
  const host = `${slug}.localhost:3000`;
  return api.update(
    new Request(`http://${host}/api/leads/${id}`, {
      method: "PUT",
      headers: { host, "content-type": "application/json", "x-real-ip": `10.66.1.${client}` },
      body: JSON.stringify({ lead }),
    }),
    id,
  );
}
const makeDue = () => db.execute(sql`update lead_deliveries set next_attempt_at = now() where status = 'pending'`);

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, cb) {
      let raw = "";
      stream.on("data", (c: Buffer) => (raw += c.toString()));
      stream.on("end", () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        cb();
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(0, "127.0.0.1", r));
  mailer = new SmtpMailer(`smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`, "Dealer Platform <leads@platform.test>");
  await startReceiver();
});
afterAll(async () => {
  await stopReceiver();
  mailer.close(); // the pooled connections, or the SMTP server waits 30 s for them
  await new Promise<void>((r) => smtp.close(r));
});
beforeEach(async () => {
  mails.length = 0;
  hooks.length = 0;
  receiverUp = true;
  // drain anything earlier tests left due, then configure parkside's channels for this test
  await db.execute(sql`update lead_deliveries set status = 'delivered' where status = 'pending'`);
  await db
    .update(t.sites)
    .set({
      leadDelivery: {
        adf_emails: ["crm@parkside-dms.test"],
        webhooks: [{ url: `http://127.0.0.1:${receiverPort}/leads`, secret: SECRET }],
      },
    })
    .where(eq(t.sites.id, PARKSIDE));
});

describe("a lead reaches the dealer", () => {
  test("written with the lead: the location's email, the CRM's ADF address and the webhook", async () => {
    const id = await postLead();
    const rows = await deliveriesOf(id);
    expect(rows.map((r) => [r.channel, r.target, r.status])).toEqual([
      ["email", "mazda@parksidemotorgroup.com.au", "pending"],
      ["adf_email", "crm@parkside-dms.test", "pending"],
      ["webhook", `http://127.0.0.1:${receiverPort}/leads`, "pending"],
    ]);
  });

  test("settings saved by another process: the next lead follows them (the one-statement insert checks what it read)", async () => {
    await postLead(); // this process has read parkside's settings
    await db
      .update(t.sites)
      .set({ leadDelivery: { email_to_location: false, emails: ["late@parkside-dms.test"] } })
      .where(eq(t.sites.id, PARKSIDE));
    const id = await postLead({ email: "second@example.com" });
    expect((await deliveriesOf(id)).map((r) => [r.channel, r.target])).toEqual([["email", "late@parkside-dms.test"]]);
    const stored = await db.select({ id: t.leads.id }).from(t.leads).where(eq(t.leads.email, "second@example.com"));
    expect(stored.map((r) => r.id)).toEqual([id]); // stored once: the refused first try left nothing
  });

  test("delivered: a real SMTP server gets the salesperson's email and the ADF; the webhook's signature checks out", async () => {
    const id = await postLead();
    const counts = await deliverDue(db, receiverDeps());
    expect(counts).toEqual({ delivered: 3, retrying: 0, failed: 0 });

    const toSales = mails.find((m) => m.to.includes("mazda@parksidemotorgroup.com.au"))!;
    expect(toSales.raw).toMatch(/^Subject: =\?UTF-8\?Q\?General_Enquiry_lead_from_Mary_/m);
    expect(toSales.raw).toMatch(/^Reply-To: mary@example\.com/m);
    expect(toSales.raw).toContain(`lead-${id}.adf.xml`);
    expect(mails.find((m) => m.to.includes("crm@parkside-dms.test"))!.raw).toContain(`ADF lead ${id}`);

    expect(hooks).toHaveLength(1);
    expect(hooks[0]!.signed).toBe(true);
    expect(hooks[0]!.idempotencyKey).toBe(id);
    const body = JSON.parse(hooks[0]!.body) as { type: string; id: string; location: { id: number }; lead: { email: string } };
    expect(body).toMatchObject({ type: "lead.created", id, location: { id: 10012 }, lead: { email: "mary@example.com" } });

    const rows = await deliveriesOf(id);
    expect(rows.every((r) => r.status === "delivered" && r.deliveredAt && r.attempts.length === 1 && r.attempts[0]!.ok)).toBe(true);
  });

  test("the receiver down: the job is retried with backoff and delivered once it is back, each attempt recorded", async () => {
    const id = await postLead();
    receiverUp = false;
    const first = await deliverDue(db, receiverDeps());
    expect(first).toEqual({ delivered: 2, retrying: 1, failed: 0 });
    let hook = (await deliveriesOf(id)).find((r) => r.channel === "webhook")!;
    expect(hook).toMatchObject({ status: "pending", lastError: "status 503" });
    expect(hook.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 3000); // 5 s after the first failure
    expect(await deliverDue(db, receiverDeps())).toEqual({ delivered: 0, retrying: 0, failed: 0 }); // not due yet

    await stopReceiver(); // now not even listening
    await makeDue();
    expect((await deliverDue(db, receiverDeps())).retrying).toBe(1);
    await startReceiver(receiverPort);
    receiverUp = true;
    await makeDue();
    expect((await deliverDue(db, receiverDeps())).delivered).toBe(1);
    hook = (await deliveriesOf(id)).find((r) => r.channel === "webhook")!;
    expect(hook.status).toBe("delivered");
    expect(hook.attempts.map((a) => [a.ok, a.detail?.replace(/ECONNREFUSED|fetch failed|TypeError.*/, "refused")])).toEqual([
      [false, "status 503"],
      [false, expect.any(String)],
      [true, "status 204"],
    ]);
    expect(mails.filter((m) => m.raw.includes(id))).toHaveLength(2); // the emails went once, on the first run
  });

  test("two workers at once never deliver one job twice", async () => {
    const ids = [await postLead(), await postLead(), await postLead()];
    const [a, b] = await Promise.all([deliverDue(db, receiverDeps(), 5), deliverDue(db, receiverDeps(), 5)]);
    const [c] = await Promise.all([deliverDue(db, receiverDeps(), 5)]);
    expect(a.delivered + b.delivered + c.delivered).toBe(9);
    for (const id of ids) {
      expect(mails.filter((m) => m.to.includes("mazda@parksidemotorgroup.com.au") && m.raw.includes(id))).toHaveLength(1);
      expect(hooks.filter((h) => h.idempotencyKey === id)).toHaveLength(1);
    }
  });

  test("a worker that died holding jobs: once its lease lapses another delivers them, once", async () => {
    const id = await postLead();
    const held = await claimDueDeliveries(db, 10, 60_000); // claimed, then the process is killed
    expect(held.length).toBe(3);
    expect(await deliverDue(db, receiverDeps())).toEqual({ delivered: 0, retrying: 0, failed: 0 }); // still leased
    await db.execute(sql`update lead_deliveries set locked_until = now() - interval '1 second' where lead_id = ${id}`);
    expect((await deliverDue(db, receiverDeps())).delivered).toBe(3);
    expect(hooks.filter((h) => h.idempotencyKey === id)).toHaveLength(1);
  });

  test("mock leads (a demo site's) are never delivered", async () => {
    const id = await postLead(
      { form: "finance", category: undefined, dealership_slug: undefined, location: undefined, message: undefined },
      "demo-motors",
    );
    expect(await db.select().from(t.leadDeliveries).where(eq(t.leadDeliveries.leadId, id))).toEqual([]);
  });

  test("the outbox backlog: undelivered count and the oldest's age (GET /api/health)", async () => {
    await postLead();
    const b = await deliveryBacklog(db);
    expect(b.undelivered).toBe(3);
    expect(b.oldestUndeliveredSeconds).toBeGreaterThanOrEqual(0);
    await deliverDue(db, receiverDeps());
    expect((await deliveryBacklog(db)).undelivered).toBe(0);
  });
});

describe("a lead with nowhere to go is kept, and counted as undelivered (never acknowledged silently)", () => {
  // deliveryBacklog is GET /api/health's leadDelivery, as it stands
  test("no email, ADF or webhook: the lead is stored (201), its one row says so, GET /api/health counts it, no worker sends it", async () => {
    await db
      .update(t.sites)
      .set({ leadDelivery: { email_to_location: false } })
      .where(eq(t.sites.id, PARKSIDE));
    const before = await deliveryBacklog(db);
    const id = await postLead();
    expect((await deliveriesOf(id)).map((r) => [r.channel, r.target, r.status])).toEqual([["none", "", "failed"]]);
    const after = await deliveryBacklog(db);
    expect(after.undelivered).toBe(before.undelivered + 1);
    expect(after.noDestination).toBe(before.noDestination + 1);
    await makeDue();
    await deliverDue(db, receiverDeps());
    expect((await deliveriesOf(id))[0]).toMatchObject({ status: "failed", attempts: [] });
    expect(mails).toEqual([]);
  });
});

describe("webhooks reach public addresses only (SSRF)", () => {
  test("a webhook stored pointing at loopback is never connected to: the attempt says 'address refused'", async () => {
    const id = await postLead();
    const counts = await deliverDue(db, { mailer }); // the real policy
    expect(counts).toEqual({ delivered: 2, retrying: 1, failed: 0 });
    expect(hooks).toHaveLength(0);
    const hook = (await deliveriesOf(id)).find((r) => r.channel === "webhook")!;
    expect(hook).toMatchObject({ status: "pending", lastError: "address refused" });
  });

  test("a name that resolves to a private address is refused too (checked after DNS, connected to as checked)", async () => {
    await expect(
      // a policy of addresses alone (no name rules): "localhost" is refused by what it resolves to, in the connection's own lookup
      postOutbound(`http://localhost:${receiverPort}/leads`, {
        headers: {},
        body: "{}",
        timeoutMs: 2000,
        allowed: (ip) => isPublicAddress(ip),
      }),
    ).rejects.toMatchObject({ code: "ADDRESS_REFUSED" });
    await expect(resolveAllowed("localhost")).rejects.toMatchObject({ code: "ADDRESS_REFUSED" });
    expect(hooks).toHaveLength(0);
  });
});

describe("an update to a lead reaches the dealer too", () => {
  test("a PUT that adds to the message: its own jobs, an 'Update to enquiry' email with old → new, ADF with the same id, lead.updated", async () => {
    const id = await postLead();
    await deliverDue(db, receiverDeps());
    mails.length = 0;
    hooks.length = 0;
    const res = await putLead(id, { message: "Is the CX-5 still available? Today & tomorrow work\n\nPS: I also have a trade-in" });
    expect(res.status).toBe(200);
    const rows = await deliveriesOf(id);
    expect(rows.filter((r) => r.submission === 1).map((r) => [r.channel, r.status])).toEqual([
      ["email", "pending"],
      ["adf_email", "pending"],
      ["webhook", "pending"],
    ]);
    expect(await deliverDue(db, receiverDeps())).toEqual({ delivered: 3, retrying: 0, failed: 0 });
    const toSales = await simpleParser(mails.find((m) => m.to.includes("mazda@parksidemotorgroup.com.au"))!.raw);
    const ref = id.replace(/-/g, "").slice(0, 8).toUpperCase();
    expect(toSales.subject).toMatch(new RegExp(`^Update to enquiry #${ref} from Mary Obrien`));
    expect(toSales.text).toContain("What changed:");
    expect(toSales.text).toMatch(
      /Comments: Is the CX-5 still available\? Today & tomorrow work → Is the CX-5 .*\s+PS: I also have a trade-in/,
    );
    expect(toSales.html).toContain("<del>Is the CX-5 still available? Today &amp; tomorrow work</del>");
    const crm = mails.find((m) => m.to.includes("crm@parkside-dms.test"))!;
    expect(crm.raw).toContain(`ADF lead ${id} (update 1)`);
    expect(crm.raw).toContain(`>${id}</id>`);
    expect(hooks).toHaveLength(1);
    expect(hooks[0]!.idempotencyKey).toBe(`${id}:1`);
    const body = JSON.parse(hooks[0]!.body) as Record<string, unknown>;
    expect(body).toMatchObject({ type: "lead.updated", id, submission: 1 });
    expect(Object.keys(body.changes as object)).toEqual(["message"]);
    expect((body.changes as { message: { to: string } }).message.to).toContain("PS: I also have a trade-in");
  });

  test("every submission is kept: the first message stays in the history after a second send overwrites the lead", async () => {
    const id = await postLead({ message: "First question" });
    expect((await putLead(id, { message: "Second question" })).status).toBe(200);
    expect((await putLead(id, { message: "Third question" })).status).toBe(200);
    const subs = await getLeadSubmissions(db, PARKSIDE, id);
    expect(subs.map((s) => [s.seq, s.payload.message])).toEqual([
      [0, "First question"],
      [1, "Second question"],
      [2, "Third question"],
    ]);
    expect(subs[2]!.changes).toEqual([{ field: "message", from: "Second question", to: "Third question" }]);
    await deliverDue(db, receiverDeps());
    const toSales = await Promise.all(
      mails.filter((m) => m.to.includes("mazda@parksidemotorgroup.com.au")).map((m) => simpleParser(m.raw)),
    );
    // three messages: the lead as first sent, then each update with every message so far (jobs are
    // sent side by side: which lands first is not fixed)
    const updates = toSales.filter((m) => m.subject?.startsWith("Update to enquiry #"));
    const first = toSales.filter((m) => !m.subject?.startsWith("Update to enquiry #"));
    expect([first.length, updates.length]).toEqual([1, 2]);
    expect(first[0]!.text).toContain("Comments: First question");
    expect(first[0]!.text).not.toContain("Second question");
    const last = updates.find((m) => m.text?.includes("Comments: Second question → Third question"));
    expect(last?.text).toMatch(/Every message, in order:\n1\. .*: First question\n2\. .*: Second question\n3\. .*: Third question/);
  });

  test("a PUT that changes nothing writes and sends nothing", async () => {
    const id = await postLead();
    const before = (await deliveriesOf(id)).length;
    expect((await putLead(id, { message: "Is the CX-5 still available? Today & tomorrow work" })).status).toBe(200);
    expect((await putLead(id, {})).status).toBe(200);
    expect((await deliveriesOf(id)).length).toBe(before);
    expect(await getLeadSubmissions(db, PARKSIDE, id)).toEqual([]);
  });

  test("POST with lead_id is an update and is delivered as one", async () => {
    const id = await postLead();
    client++;
    const host = "parkside-motor-group.localhost:3000";
    const res = await api.create(
      new Request(`http://${host}/api/leads`, {
        method: "POST",
        headers: { host, "content-type": "application/json", "x-real-ip": `10.66.2.${client}` },
        body: JSON.stringify({ lead: { lead_id: id, postcode: "3000" } }),
      }),
    );
    expect(res.status).toBe(200);
    expect((await deliveriesOf(id)).filter((r) => r.submission === 1)).toHaveLength(3);
  });
});

describe("what the dealer reads", () => {
  const xmllint = (() => {
    try {
      execFileSync("xmllint", ["--version"], { stdio: "ignore" });
      return true;
    } catch {
      return false;
    }
  })();
  // CI installs libxml2-utils; a machine without xmllint skips the DTD check rather than pass it
  const withXmllint = xmllint || process.env.CI ? test : test.skip;
  const dir = mkdtempSync(join(tmpdir(), "adf-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function deliveryLead(vehicle: boolean, payload: Record<string, unknown> = {}) {
    const site = (await getSiteById(db, PARKSIDE))!;
    const [car] = await db.select({ id: t.vehicles.id }).from(t.vehicles).where(eq(t.vehicles.siteId, PARKSIDE)).limit(1);
    return {
      id: "0b4c7f7e-1111-4222-8333-444455556666",
      createdAt: new Date("2026-11-23T01:02:03Z"),
      payload: {
        category: "New Vehicle",
        subcategory: "Vehicle Enquiry",
        name: "Mary O'Brien",
        first_name: "Mary",
        last_name: "O'Brien",
        email: "mary@example.com",
        phone: "0412 345 678",
        postcode: "3134",
        message: "Can I see it on Saturday? <b>&</b>",
        source: "Website" as const,
        website_slug: site.slug,
        dealership_slug: "parkside-mazda",
        location_id: 10012,
        ...payload,
      },
      site,
      location: await getLocationById(db, PARKSIDE, 10012),
      vehicle: vehicle ? await getVehicleById(db, PARKSIDE, car!.id) : null,
      history: [],
    };
  }

  withXmllint.each([
    ["a car enquiry", true, {}],
    ["a general enquiry (no car)", false, { category: "General Enquiry", subcategory: null }],
    [
      "a trade-in with the shopper's vehicle",
      false,
      {
        category: "Trade In",
        subcategory: null,
        trade_in_vehicle: { make: "Toyota", model: "Corolla", year: 2015, odometer: 120000, rego: "ABC123", state: "VIC" },
      },
    ],
    ["a shopper with a phone only", false, { email: null }],
  ])("ADF for %s is valid against the ADF 1.0 DTD", async (name, vehicle, payload) => {
    const file = join(dir, `${name.replace(/\W+/g, "-")}.xml`);
    const xml = adfXml(await deliveryLead(vehicle, payload));
    writeFileSync(file, xml);
    execFileSync("xmllint", ["--noout", "--dtdvalid", join(process.cwd(), "src/server/delivery/adf-1.0.dtd"), file], { stdio: "pipe" });
    expect(xml).toContain('<id sequence="1" source="Parkside Motor Group">0b4c7f7e-1111-4222-8333-444455556666</id>');
    expect(xml).not.toContain("<b>");
  });

  test("the ADF carries the prospect, the car (year, make, model, stock, VIN, price, status), vendor and provider", async () => {
    const l = await deliveryLead(true);
    const xml = adfXml(l);
    const v = l.vehicle!;
    expect(xml).toContain(`<year>${v.year}</year>`);
    expect(xml).toContain(`<make>${v.make}</make>`);
    expect(xml).toContain(`<stock>${v.stockNumber}</stock>`);
    if (v.vin) expect(xml).toContain(`<vin>${v.vin}</vin>`);
    // the car's main photo from the image service, as a JPEG a CRM can show
    expect(xml).toMatch(/<imagetag>https:\/\/www\.parksidemotorgroup\.com\.au\/images\/[^<]+\.jpg\?w=640&amp;q=75<\/imagetag>/);
    if (v.price != null) expect(xml).toContain(`<price type="asking" currency="AUD">${v.price}</price>`);
    expect(xml).toContain(`status="${v.carType === "used" ? "used" : "new"}"`);
    expect(xml).toContain("<vendorname>Parkside Mazda</vendorname>");
    expect(xml).toMatch(/<provider>\s*<name part="full">Parkside Motor Group<\/name>/);
    expect(xml).toContain("Can I see it on Saturday? &lt;b&gt;&amp;&lt;/b&gt;");
  });

  test("the salesperson's email: who, the car with link and photo, call and reply buttons, everything escaped", async () => {
    const l = await deliveryLead(true);
    const m = salespersonEmail(l, "mazda@parksidemotorgroup.com.au");
    expect(m.subject).toContain("New Vehicle / Vehicle Enquiry lead from Mary O'Brien about the");
    expect(m.html).toContain('href="tel:+61412345678"'); // international, through the one click-to-call rule
    expect(m.html).toContain('href="mailto:mary@example.com"');
    expect(m.html).toContain(`https://www.parksidemotorgroup.com.au/cars/${l.vehicle!.slug}`);
    expect(m.html).toMatch(/<img src="https:\/\/www\.parksidemotorgroup\.com\.au\/images\/[^"]+\.jpg\?w=640&amp;q=75"/);
    expect(m.html).toContain("Can I see it on Saturday? &lt;b&gt;&amp;&lt;/b&gt;");
    expect(m.html).not.toContain("<b>&</b>");
    expect(m.text).toContain("Comments: Can I see it on Saturday? <b>&</b>");
    expect(m.attachments![0]!.filename).toBe(`lead-${l.id}.adf.xml`);
    // the lead's page in the back-office, one tap from the mail
    const page = `http://admin.localhost:${env().PORT}/leads/${l.id}`;
    expect(m.text).toContain(`Open it in the back-office: ${page}`);
    expect(m.html).toContain(`href="${page}"`);
  });

  test("the email and the ADF comments read like a letter: times on the location's clock in words, money as the storefront shows it, the site's name as the sender", async () => {
    const first = await deliveryLead(true);
    // an update, two messages: every time the dealer reads is in words, on the location's clock
    const l = {
      ...first,
      createdAt: new Date("2026-11-27T12:47:28.120Z"),
      history: [
        {
          seq: 0,
          form: "vehicle",
          at: new Date("2026-11-27T12:47:28.120Z"),
          payload: { message: "Is it still here?" },
          changes: [],
          files: [],
        },
        { seq: 1, form: "vehicle", at: new Date("2026-11-27T13:05:00Z"), payload: { message: "And a trade-in?" }, changes: [], files: [] },
      ],
      update: {
        seq: 1,
        at: new Date("2026-11-27T13:05:00Z"),
        changes: [{ field: "message", from: "Is it still here?", to: "And a trade-in?" }],
        files: [],
        before: { message: "Is it still here?" },
      },
    };
    const v = l.vehicle!;
    expect(l.location!.timezone).toBe("Australia/Melbourne");
    const m = salespersonEmail(l, "mazda@parksidemotorgroup.com.au");
    const adf = adfInput(l).customer.comments;
    for (const text of [m.text, m.html!, adf]) {
      expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/); // no UTC timestamp anywhere a person reads
      expect(text).not.toMatch(/AUD \d/);
    }
    expect(m.text).toContain("received Friday 27 November, 11:47 pm on");
    expect(m.html).toContain("received Friday 27 November, 11:47 pm on");
    expect(m.text).toContain("The shopper changed their enquiry (Saturday 28 November, 12:05 am)");
    expect(m.text).toContain("1. Friday 27 November, 11:47 pm: Is it still here?");
    expect(adf).toContain("Update 1 to this lead, Saturday 28 November, 12:05 am:");
    expect(adf).toContain("Message 2 (Saturday 28 November, 12:05 am): And a trade-in?");
    if (v.price != null) {
      expect(m.text).toContain(formatPrice(v.price));
      expect(m.html).toContain(formatPrice(v.price));
    }
    expect(m.from).toEqual({ name: "Parkside Motor Group" });
    expect(adfEmail(l, "crm@example.com").from).toEqual({ name: "Parkside Motor Group" });
  });

  test("a booked test drive reads as one date and time; booleans as Yes/No; labels are the form's; empty fields left out", async () => {
    const l = await deliveryLead(true, { day: 27, month: 11, year: 2026, time: "10:00", opt_in: true, Rego: "", state: "vic" });
    const m = salespersonEmail(l, "mazda@parksidemotorgroup.com.au");
    expect(m.text).toContain("Booked for: Friday 27 November, 10:00 am");
    expect(m.text).toContain("Keep me up to date with news and offers: Yes");
    expect(m.text).toContain("State: VIC");
    expect(m.text).not.toMatch(/^(Day|Month|Year|Rego|time):/m);
    expect(m.text).not.toContain("true");
  });

  test.each([
    [true, "Yes: ticked “Keep me up to date with news and offers” on Monday 23 November, 12:02 pm"],
    [false, "No: left “Keep me up to date with news and offers” unticked on Monday 23 November, 12:02 pm"],
  ])("the marketing consent (opt_in %j) in its words in the email and the ADF", async (ticked, words) => {
    const consent = { wording: "Keep me up to date with news and offers", ticked, at: "2026-11-23T01:02:03.000Z" };
    const l = await deliveryLead(false, { opt_in: ticked, marketing_consent: consent });
    const m = salespersonEmail(l, "mazda@parksidemotorgroup.com.au");
    expect(m.text).toContain(`Marketing consent: ${words}`);
    expect(m.html).toContain(`<th style="text-align:left;padding:4px 12px 4px 0;vertical-align:top">Marketing consent</th>`);
    expect(m.html).toContain(words);
    expect(m.text).not.toContain("Keep me up to date with news and offers: ");
    expect(adfInput(l).customer.comments).toContain(`Marketing consent: ${words}`);
    expect(adfXml(l)).toContain(`Marketing consent: ${words}`);
  });
});
