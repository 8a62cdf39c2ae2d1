import "server-only";
import {
  DeliverySettingsSchema,
  deliveryConfigFrom,
  LeadHandlingSchema,
  platformOnlySwitches,
  redactedDelivery,
  SwitchesSchema,
} from "@/domain/staff/settings";
import { getDb } from "@/server/db";
import { HttpError, json } from "@/server/http/api";
import { resolveAllowed } from "@/server/http/outbound";
import { NOT_PUBLIC_MESSAGE } from "@/domain/http/addresses";
import { siteDataChanged } from "@/server/platform/site-edits";
import {
  updateFinance,
  updateLeadDelivery,
  updateLeadHandling,
  updateReplyTemplates,
  updateSwitches,
} from "@/server/repositories/settings";
import { ReplyTemplatesSchema } from "@/domain/leads/follow-up";
import { FinanceSettingsSchema } from "@/domain/staff/finance-settings";
import { catalogueChanged } from "@/server/cache";
import { getLeadDeliveryConfig, getSiteById } from "@/server/repositories/sites";
import { previewToken } from "@/server/auth/preview";
import { serverNow } from "@/server/base/clock";
import { siteOriginFrom } from "@/domain/site/tenant";
import { adminRoute, actor, bodyOf, flashCookie, jsonBody, parsed, seeOther } from "./handler";

/* The dealer's switches, finance terms, lead delivery channels and preview: `/api/admin/sites/{siteId}/switches`, `/finance`, `/lead-delivery`, `/preview`. */

/**
 * PUT /api/admin/sites/{siteId}/switches — the switches that changed: each on, off, or (null) given
 * back to the platform's rules. The dealer's switches for a manager; an operator any on/off flag.
 */
export const putSwitches = adminRoute<{ siteId: string }>(
  async (req, { staff, siteId }) => {
    const body = parsed(SwitchesSchema, await jsonBody(req), "Please check the highlighted fields.");
    const notTheirs = staff.operator ? {} : platformOnlySwitches(body);
    if (Object.keys(notTheirs).length) throw new HttpError(422, "Please check the highlighted fields.", {}, notTheirs);
    if (!(await updateSwitches(await getDb(), siteId, body, actor(staff)))) throw new HttpError(404, "Unknown site.");
    await siteDataChanged(siteId, ["navigation"]);
    return json(200, { ok: true, message: "Switches saved. The website shows them now." });
  },
  { permission: "settings.edit", write: true },
);

/** PUT /api/admin/sites/{siteId}/lead-delivery — where leads go (a webhook sent without a secret keeps its own). */
export const putLeadDelivery = adminRoute<{ siteId: string }>(
  async (req, { staff, siteId }) => {
    const body = parsed(DeliverySettingsSchema, await jsonBody(req), "Please check the highlighted fields.");
    const db = await getDb();
    const { config, errors } = deliveryConfigFrom(body, await getLeadDeliveryConfig(db, siteId));
    // a name that resolves inside our network is refused now (and again at every delivery)
    await Promise.all(
      body.webhooks.map(async (w, i) => {
        const host = new URL(w.url).hostname.replace(/^\[|\]$/g, "");
        const refused = await resolveAllowed(host).then(
          () => false,
          (e: { code?: string }) => e.code === "ADDRESS_REFUSED",
        );
        if (refused) errors[`webhooks.${i}.url`] = NOT_PUBLIC_MESSAGE;
      }),
    );
    if (Object.keys(errors).length) throw new HttpError(422, "Please check the highlighted fields.", {}, errors);
    if (!(await updateLeadDelivery(db, siteId, config, redactedDelivery, actor(staff)))) throw new HttpError(404, "Unknown site.");
    return json(200, { ok: true, message: "Lead delivery saved. The next lead goes to these addresses." });
  },
  { permission: "settings.edit", write: true },
);

/** PUT /api/admin/sites/{siteId}/finance — the terms of the site's indicative repayments; every page with a repayment shows them at once. */
export const putFinance = adminRoute<{ siteId: string }>(
  async (req, { staff, siteId }) => {
    const body = parsed(FinanceSettingsSchema, await jsonBody(req), "Please check the highlighted fields.");
    if (!(await updateFinance(await getDb(), siteId, body, actor(staff)))) throw new HttpError(404, "Unknown site.");
    // every card, vehicle page and calculator of the site shows the new terms: its cached pages go
    catalogueChanged([siteId]);
    return json(200, { ok: true, message: "Finance settings saved. The website shows the new repayments now." });
  },
  { permission: "settings.edit", write: true },
);

/** PUT /api/admin/sites/{siteId}/lead-handling — {response_minutes, round_robin}: the response target and assignment in turn. */
export const putLeadHandling = adminRoute<{ siteId: string }>(
  async (req, { staff, siteId }) => {
    const body = parsed(LeadHandlingSchema, await jsonBody(req), "Please check the highlighted fields.");
    if (!(await updateLeadHandling(await getDb(), siteId, body, actor(staff)))) throw new HttpError(404, "Unknown site.");
    return json(200, { ok: true, message: "Lead handling saved." });
  },
  { permission: "settings.edit", write: true },
);

/** PUT /api/admin/sites/{siteId}/reply-templates — {sms, email_subject, email_body}: what the lead page's SMS and Email buttons start with. */
export const putReplyTemplates = adminRoute<{ siteId: string }>(
  async (req, { staff, siteId }) => {
    const body = parsed(ReplyTemplatesSchema, await jsonBody(req), "Please check the highlighted fields.");
    if (!(await updateReplyTemplates(await getDb(), siteId, body, actor(staff)))) throw new HttpError(404, "Unknown site.");
    return json(200, { ok: true, message: "Reply templates saved." });
  },
  { permission: "settings.edit", write: true },
);

/** The settings page's reply-templates form refused without JavaScript: what was typed and the messages, for a minute. */
export const REPLIES_FLASH_COOKIE = "replies_form";
const REPLY_FIELDS = ["sms", "email_subject", "email_body"];

/**
 * POST /api/admin/sites/{siteId}/reply-templates — the settings page's form as a plain post (it works
 * without JavaScript, and what was typed never falls back into an address): back to the settings
 * (303) saying saved, or, refused, with what was typed and the messages in a one-minute cookie. JSON
 * is answered as the PUT is.
 */
export const postReplyTemplates = adminRoute<{ siteId: string }>(
  async (req, { staff, siteId }) => {
    const posted = await bodyOf(req);
    const values = posted.form && Object.fromEntries(Object.entries(posted.form).filter(([k]) => REPLY_FIELDS.includes(k)));
    try {
      const body = parsed(ReplyTemplatesSchema, values ?? posted.raw, "Please check the highlighted fields.");
      if (!(await updateReplyTemplates(await getDb(), siteId, body, actor(staff)))) throw new HttpError(404, "Unknown site.");
    } catch (e) {
      if (!values || !(e instanceof HttpError) || e.status !== 422) throw e;
      const attempt = crypto.randomUUID().slice(0, 8);
      const errors = { ...e.errors, form: e.message };
      return seeOther(
        `/sites/${siteId}/settings?replies=${attempt}#replies`,
        flashCookie(req, REPLIES_FLASH_COOKIE, { site: siteId, attempt, errors, values }),
      );
    }
    if (values) return seeOther(`/sites/${siteId}/settings?replies=saved#replies`);
    return json(200, { ok: true, message: "Reply templates saved." });
  },
  { permission: "settings.edit", write: true },
);

/** GET /api/admin/sites/{siteId}/preview — a signed one-site preview link on the site's own host (303 there). */
export const getPreview = adminRoute<{ siteId: string }>(
  async (req, { siteId }) => {
    const site = await getSiteById(await getDb(), siteId);
    if (!site) throw new HttpError(404, "Unknown site.");
    const token = await previewToken(siteId, serverNow());
    const origin = siteOriginFrom(req.headers.get("host"), site);
    return new Response(null, { status: 303, headers: { location: `${origin}/api/preview?token=${token}`, "cache-control": "no-store" } });
  },
  { permission: "stock.read" },
);
