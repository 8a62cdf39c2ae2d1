import { randomUUID } from "node:crypto";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { expect, test } from "vitest";
import { readOutbox, waitForMail } from "../../../scripts/lib/outbox";
import * as t from "@/server/db/schema";
import { env } from "@/server/base/env";
import { getLeadMailSummary } from "@/server/repositories/inbox";
import { setupAppDatabase } from "@/server/testing/app-database";
import { assignAndTell } from "./assignment";

/*
 * Assigning works on the site's own leads only: a lead of another site, asked for under this site,
 * is neither assigned nor read for the salesperson's email (its shopper and site are never named).
 */
const made: string[] = [];
const db = setupAppDatabase({ after: () => db.delete(t.leads).where(inArray(t.leads.id, made)) });

async function insertLead(siteId: number, lastName: string): Promise<string> {
  const id = randomUUID();
  made.push(id);
  await db.insert(t.leads).values({ id, siteId, category: "Assignment test", firstName: "Ada", lastName, payload: {} });
  return id;
}

const staffId = async (email: string) =>
  (await db.select({ id: t.staffUsers.id }).from(t.staffUsers).where(eq(t.staffUsers.email, email)))[0]!.id;
const BY = { id: null, name: "Round-robin", email: "" };
const ORIGIN = "http://admin.localhost";

test("the mail's read of a lead carries its site: another site's lead is not found", async () => {
  const theirs = await insertLead(1002, "Elsewhere");
  expect(await getLeadMailSummary(db, 1001, theirs)).toBeNull();
  expect(await getLeadMailSummary(db, 1002, theirs)).toEqual({
    category: "Assignment test",
    name: null,
    firstName: "Ada",
    lastName: "Elsewhere",
    site: "Ridgeline Motorcycles",
  });
});

test("a lead of another site is not assigned and no mail names it; the site's own lead is, and its mail names it", async () => {
  const sam = { id: await staffId("sales@parksidemotorgroup.com.au"), name: "Sam Sales", email: "sales@parksidemotorgroup.com.au" };
  const theirs = await insertLead(1002, "Elsewhere");
  const ours = await insertLead(1001, "Here");

  expect(await assignAndTell(db, { siteId: 1001, id: theirs }, sam, BY, ORIGIN)).toBe(false);
  const [row] = await db.select({ assignedTo: t.leads.assignedTo }).from(t.leads).where(eq(t.leads.id, theirs));
  expect(row!.assignedTo).toBeNull();

  // the own site's lead's mail arrives (the positive signal); none was written for the other one
  expect(await assignAndTell(db, { siteId: 1001, id: ours }, sam, BY, ORIGIN)).toBe(true);
  const outbox = path.resolve(env().OUTBOX_DIR);
  const [mail] = await waitForMail(outbox, (m) => m.text.includes(ours));
  expect(mail?.subject).toBe("Lead assigned to you: Assignment test from Ada Here — Parkside Motor Group");
  expect((await readOutbox(outbox)).filter((m) => m.text.includes(theirs))).toEqual([]);
});
