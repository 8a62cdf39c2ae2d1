import "server-only";
import {
  encodeWidgetFlash,
  flagsSwitchedOn,
  integrationsFromForm,
  WIDGET_FLASH_COOKIE,
  widgetFormField,
  type WidgetFormValues,
} from "@/domain/site/integrations";
import { HttpError, json } from "@/server/http/api";
import { readText } from "@/server/http/body";
import { changeSiteRecord } from "@/server/platform/site-records";
import { actor, adminRoute, MAX_FORM_BYTES } from "./handler";
import { isMediaType } from "@/domain/http/content-type";

/*
 * POST /api/admin/sites/{siteId}/widgets — the "Widgets and tracking" form of the owner's settings
 * and of the operators' console: a plain form post, so that it works without JavaScript. The ids go
 * through the platform API's own change (the same schema, audit entry and cache purge, so the
 * site's pages and their CSP follow at once). A browser is sent back to its page (303): with
 * "saved", or with the field messages and what was typed in a one-minute cookie. A client that asks
 * for JSON gets 200 or 422 `{error, errors}` keyed by the form's field names.
 */

const MESSAGE = "Please check the highlighted fields.";

export const postWidgets = adminRoute<{ siteId: string }>(
  async (req, { staff, siteId }) => {
    if (!isMediaType(req.headers.get("content-type"), "application/x-www-form-urlencoded"))
      throw new HttpError(415, "Send the form as application/x-www-form-urlencoded.");
    const form = new URLSearchParams(await readText(req, MAX_FORM_BYTES));
    // the page to go back to: the console only for an operator, else the site's settings
    const back = form.get("back") === "console" && staff.operator ? `/platform/sites/${siteId}` : `/sites/${siteId}/settings`;
    const wantsJson = /^application\/json\b/i.test(req.headers.get("accept") ?? "");
    const { patch, errors } = integrationsFromForm((n) => form.get(n));
    if (!Object.keys(errors).length) {
      try {
        await changeSiteRecord(siteId, { integrations: patch, features: flagsSwitchedOn(patch) }, actor(staff));
        if (wantsJson) return json(200, { ok: true, message: "Widgets saved. The website loads them now." });
        return new Response(null, { status: 303, headers: { location: `${back}?widgets=saved#widgets`, "cache-control": "no-store" } });
      } catch (e) {
        if (!(e instanceof HttpError) || e.status !== 422 || !e.errors) throw e;
        for (const [path, message] of Object.entries(e.errors)) {
          const field = widgetFormField(path.replace(/^integrations\./, ""));
          errors[field] ??= message;
        }
      }
    }
    if (wantsJson) throw new HttpError(422, MESSAGE, {}, errors);
    const attempt = crypto.randomUUID().slice(0, 8);
    const values = Object.fromEntries(
      [...form].filter(([k]) => k !== "back").map(([k, v]) => [k, v.slice(0, 2000)]),
    ) as Partial<WidgetFormValues>;
    const secure = new URL(req.url).protocol === "https:" || req.headers.get("x-forwarded-proto") === "https";
    const cookie = `${WIDGET_FLASH_COOKIE}=${encodeWidgetFlash({ site: siteId, attempt, errors, values })}; Path=/; Max-Age=60; HttpOnly; SameSite=Strict${secure ? "; Secure" : ""}`;
    return new Response(null, {
      status: 303,
      headers: { location: `${back}?widgets=${attempt}#widgets`, "cache-control": "no-store", "set-cookie": cookie },
    });
  },
  { permission: "settings.edit", write: true },
);
