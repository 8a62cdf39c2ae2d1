import "server-only";
import { SiteChangedSchema } from "@/domain/platform/contract";
import { catalogueChanged } from "@/server/cache";
import { env } from "@/server/base/env";
import { HttpError, json } from "@/server/http/api";
import { readText } from "@/server/http/body";
import { siteLog } from "@/server/base/log";
import { platformClient } from "@/server/platform-client";
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, verifyWebhook } from "./webhook";

// POST /api/platform/webhook — the dashboard's signed site.changed notice: the site's cached platform answers are fetched again on next use
export async function receiveSiteChanged(req: Request): Promise<Response> {
  const secret = env().PLATFORM_WEBHOOK_SECRET;
  const client = platformClient();
  if (!secret || !client) return json(404, { error: "This server takes no platform webhooks." });
  let body: string;
  try {
    body = await readText(req, 16 * 1024);
  } catch (e) {
    if (e instanceof HttpError) return json(e.status, { error: e.message });
    throw e;
  }
  const signed = verifyWebhook(
    secret,
    { signature: req.headers.get(SIGNATURE_HEADER), timestamp: req.headers.get(TIMESTAMP_HEADER) },
    body,
    Date.now(),
  );
  if (!signed) return json(401, { error: "The signature or timestamp does not match." });
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return json(400, { error: "The request body is not valid JSON." });
  }
  const notice = SiteChangedSchema.safeParse(value);
  if (!notice.success) return json(422, { error: "Not a site.changed notice." });
  const siteId = notice.data.site_id;
  const invalidated = client.invalidateSite(siteId);
  catalogueChanged([siteId]);
  siteLog(siteId).info({ invalidated, changed: notice.data.changed }, "site.changed webhook: platform answers invalidated");
  return json(200, { invalidated });
}
