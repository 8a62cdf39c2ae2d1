import "server-only";
import type { Db } from "@/server/db/client";
import { siteLog } from "@/server/base/log";
import { sendMail } from "@/server/mail/mailer";
import type { Actor } from "@/server/repositories/audit";
import { assignLead, getLeadMailSummary, nextInTurn } from "@/server/repositories/inbox";
import { getLeadHandling } from "@/server/repositories/settings";

/*
 * Who works a lead. A manager assigns it in the back-office, or, on a site that turns
 * round-robin on, each new lead goes to the next salesperson in turn at its location. Either way
 * the salesperson gets an email with the link, and the lead's history and the audit log say who
 * assigned it to whom.
 */

/** The platform assigning in turn, as the history and the audit log name it. */
export const ROUND_ROBIN: Actor = { id: null, name: "Round-robin", email: "" };

export type Assignee = { id: string; name: string; email: string };

/** Assigns and tells the salesperson (a mail that cannot be sent is logged; the assignment stands). False for a lead not the site's. */
export async function assignAndTell(
  db: Db,
  lead: { siteId: number; id: string },
  to: Assignee,
  by: Actor,
  adminOrigin: string,
): Promise<boolean> {
  const done = await assignLead(db, lead.siteId, lead.id, { id: to.id, name: to.name }, by);
  if (!done) return false;
  const l = await getLeadMailSummary(db, lead.siteId, lead.id);
  const who = [l?.firstName, l?.lastName].filter(Boolean).join(" ") || l?.name || "a shopper";
  const link = `${adminOrigin}/leads/${lead.id}`;
  const sent = await sendMail({
    to: to.email,
    // the site's name over the platform's address, as on every mail about a lead
    ...(l?.site ? { from: { name: l.site } } : {}),
    subject: `Lead assigned to you: ${l?.category ?? "Enquiry"} from ${who} — ${l?.site ?? ""}`,
    text: [
      `Hello ${to.name},`,
      "",
      `${by.id ? by.name : "The round-robin"} assigned you a lead: ${l?.category ?? "an enquiry"} from ${who}.`,
      "",
      `Open it, call the shopper and mark it contacted: ${link}`,
      "",
      l?.site ?? "",
    ].join("\n"),
  });
  if (!sent) siteLog(lead.siteId).warn({ leadId: lead.id }, "assignment email not sent");
  return true;
}

/** A new lead on a round-robin site goes to the next salesperson in turn at its location (nothing on other sites, or with no sales staff). */
export async function assignInTurn(
  db: Db,
  lead: { siteId: number; id: string; locationId: number | null },
  adminOrigin: string,
): Promise<Assignee | null> {
  if (!(await getLeadHandling(db, lead.siteId)).round_robin) return null;
  const next = await nextInTurn(db, lead.siteId, lead.locationId);
  if (!next) return null;
  await assignAndTell(db, lead, next, ROUND_ROBIN, adminOrigin);
  return next;
}
