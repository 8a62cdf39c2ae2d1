import "server-only";
import { financeOf } from "@/domain/site/finance";
import { deliveryFormValues, switchStates } from "@/domain/staff/settings";
import { requireStaffSite } from "@/server/admin/pages";
import { widgetsFormState } from "@/server/admin/widgets-form";
import { getDb } from "@/server/db";
import { listSpecialHours } from "@/server/repositories/locations";
import { getLeadHandling, getReplyTemplates } from "@/server/repositories/settings";
import { getLeadDeliveryConfig, getSiteById, listLocations } from "@/server/repositories/sites";
import { featureSourcesOf, featuresOf } from "@/server/site/context";
import { cookies } from "next/headers";
import { decodeFormFlash } from "@/domain/http/form-flash";
import { REPLIES_FLASH_COOKIE } from "@/server/admin/api/settings";
import { oneParam, type SearchParams, type SiteParams } from "./params";

/** The reply-templates form's last plain post: saved, or refused with what was typed and the messages. */
async function repliesPost(siteId: number, attempt: string | undefined) {
  if (!attempt) return { saved: false, refused: null };
  if (attempt === "saved") return { saved: true, refused: null };
  const known = (k: string) => ["sms", "email_subject", "email_body", "form"].includes(k);
  const f = decodeFormFlash((await cookies()).get(REPLIES_FLASH_COOKIE)?.value, siteId, attempt, known);
  return { saved: false, refused: f && { errors: f.errors, values: f.values } };
}

/** What a site's settings page edits: hours, switches, finance terms, lead delivery and handling, widgets and tracking (managers and owners). */
export async function loadSettings(params: SiteParams, searchParams: SearchParams) {
  const { site } = await requireStaffSite((await params).siteId, "sites/[siteId]/settings");
  const db = await getDb();
  const [locations, special, record, delivery, handling, replies] = await Promise.all([
    listLocations(db, site.id),
    listSpecialHours(db, site.id),
    getSiteById(db, site.id),
    getLeadDeliveryConfig(db, site.id),
    getLeadHandling(db, site.id),
    getReplyTemplates(db, site.id),
  ]);
  const [features, sources] = record ? await Promise.all([featuresOf(db, record), featureSourcesOf(db, record)]) : [null, null];
  return {
    site: { id: site.id, name: site.name },
    locations: locations.map((l) => ({ id: l.id, name: l.name, openingHours: l.openingHours })),
    special,
    switches: sources && switchStates(sources, "dealer"),
    finance: record && { values: financeOf(record), country: record.country },
    delivery: deliveryFormValues(delivery),
    handling,
    replies,
    repliesPost: await repliesPost(site.id, oneParam(await searchParams, "replies")),
    widgets: record && features ? await widgetsFormState(site.id, record.integrations, features, (await searchParams).widgets) : null,
  };
}
