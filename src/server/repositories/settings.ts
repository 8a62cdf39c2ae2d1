import "server-only";
import { leadHandlingOf, type LeadHandling } from "@/domain/staff/response";
import { replyTemplatesOf, type ReplyTemplates } from "@/domain/leads/follow-up";
import { eq, sql } from "drizzle-orm";
import { leadDeliveryConfig, type LeadDeliveryConfig } from "@/domain/leads/delivery";
import type { Db } from "@/server/db/client";
import type { FinanceSettings } from "@/domain/site/finance";
import * as t from "@/server/db/schema";
import { type Actor, writeAudit } from "./audit";

/*
 * A site's settings as staff change them: switches and lead delivery channels for the back-office. Every function takes the sites the staff member may act on (or the
 * one site already checked against their roles) and puts it in the query: a site of another site
 * is simply not found.
 */

/** Sets the dealer's switches on the site's stored flags (others untouched), audited. */
export async function updateSwitches(db: Db, siteId: number, switches: Record<string, boolean | null>, by: Actor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ features: t.sites.features }).from(t.sites).where(eq(t.sites.id, siteId)).for("update");
    if (!row) return false;
    const stored = row.features as Record<string, unknown>;
    const before = Object.fromEntries(Object.keys(switches).map((k) => [k, stored[k] ?? null]));
    // null gives the switch back to the platform's rules: it is no longer the site's own
    const features = Object.fromEntries(
      Object.entries({ ...stored, ...switches }).filter(([k, v]) => v !== null || !Object.hasOwn(switches, k)),
    );
    await tx
      .update(t.sites)
      .set({ features, updatedAt: sql`now()` })
      .where(eq(t.sites.id, siteId));
    await writeAudit(tx, { siteId, by, action: "switches.update", entity: "site", before, after: switches });
    return true;
  });
}

/** Replaces the site's lead delivery channels; the audit row never holds a webhook secret. */
export async function updateLeadDelivery(
  db: Db,
  siteId: number,
  config: LeadDeliveryConfig,
  redact: (c: LeadDeliveryConfig) => LeadDeliveryConfig,
  by: Actor,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ config: t.sites.leadDelivery }).from(t.sites).where(eq(t.sites.id, siteId)).for("update");
    if (!row) return false;
    await tx.update(t.sites).set({ leadDelivery: config }).where(eq(t.sites.id, siteId));
    await writeAudit(tx, {
      siteId,
      by,
      action: "lead_delivery.update",
      entity: "site",
      before: redact(leadDeliveryConfig(row.config)),
      after: redact(config),
    });
    return true;
  });
}

/** Replaces the site's finance settings (the terms of its repayments), audited with what they were. */
export async function updateFinance(db: Db, siteId: number, finance: FinanceSettings, by: Actor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ finance: t.sites.finance }).from(t.sites).where(eq(t.sites.id, siteId)).for("update");
    if (!row) return false;
    await tx
      .update(t.sites)
      .set({ finance, updatedAt: sql`now()` })
      .where(eq(t.sites.id, siteId));
    await writeAudit(tx, { siteId, by, action: "finance.update", entity: "site", before: row.finance, after: finance });
    return true;
  });
}

/** The site's lead handling (response target, round-robin), audited; its reply templates are kept. */
export async function updateLeadHandling(db: Db, siteId: number, handling: LeadHandling, by: Actor): Promise<boolean> {
  return changeLeadHandling(db, siteId, handling, "lead_handling.update", by);
}

/** The site's reply templates (the lead page's SMS and email), in the same settings, audited. */
export async function updateReplyTemplates(db: Db, siteId: number, templates: ReplyTemplates, by: Actor): Promise<boolean> {
  return changeLeadHandling(db, siteId, { reply_templates: templates }, "reply_templates.update", by);
}

export async function getReplyTemplates(db: Db, siteId: number): Promise<ReplyTemplates> {
  const [row] = await db.select({ handling: t.sites.leadHandling }).from(t.sites).where(eq(t.sites.id, siteId));
  return replyTemplatesOf(row?.handling.reply_templates);
}

/** One part of the lead handling settings replaced, the rest kept, with an audit line of the whole before and after. */
async function changeLeadHandling(
  db: Db,
  siteId: number,
  patch: Partial<LeadHandling> & { reply_templates?: ReplyTemplates },
  action: string,
  by: Actor,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ handling: t.sites.leadHandling }).from(t.sites).where(eq(t.sites.id, siteId)).for("update");
    if (!row) return false;
    const after = { ...row.handling, ...patch };
    await tx
      .update(t.sites)
      .set({ leadHandling: after, updatedAt: sql`now()` })
      .where(eq(t.sites.id, siteId));
    await writeAudit(tx, { siteId, by, action, entity: "site", before: row.handling, after });
    return true;
  });
}

export async function getLeadHandling(db: Db, siteId: number): Promise<LeadHandling> {
  const [row] = await db.select({ handling: t.sites.leadHandling }).from(t.sites).where(eq(t.sites.id, siteId));
  return leadHandlingOf(row?.handling);
}
