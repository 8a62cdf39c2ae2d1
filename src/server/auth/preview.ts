import "server-only";
import { PREVIEW_COOKIE } from "@/domain/accounts/session";
import { sharedAuthSecret } from "@/server/auth/auth";
import { resolveTenant } from "@/domain/site/tenant";
import { serverNow } from "@/server/base/clock";
import { getDb } from "@/server/db";
import { env } from "@/server/base/env";
import { getSiteByKey } from "@/server/repositories/sites";
import { signToken, tokenMacValid } from "@/server/base/signed-tokens";

/*
 * Staff preview a draft site. The back-office hands a signed-in member of the site's
 * staff a token for that one site (HMAC-SHA256 with the platform's auth secret, 12 hours); the site's
 * own host turns it into a host-only cookie, and the site's layout shows the full site to a request
 * that carries a valid one. Nothing else about the person travels: the token names only the site.
 */

export const PREVIEW_HOURS = 12;

/** A preview token for one site, valid PREVIEW_HOURS from now: `{siteId}.{expires}.{mac}`. */
export async function previewToken(siteId: number, now: number): Promise<string> {
  const body = `${siteId}.${Math.floor(now / 1000) + PREVIEW_HOURS * 3600}`;
  return signToken(await sharedAuthSecret(await getDb()), "preview", body);
}

/** True when the token is this site's, unexpired and signed by this platform. */
export async function previewValid(token: string | undefined, siteId: number, now: number): Promise<boolean> {
  const m = /^([1-9]\d{0,8})\.(\d{10,12})\.([A-Za-z0-9_-]{43})$/.exec(token ?? "");
  if (!m || Number(m[1]) !== siteId || Number(m[2]) * 1000 < now) return false;
  return tokenMacValid(await sharedAuthSecret(await getDb()), "preview", `${m[1]}.${m[2]}`, m[3]!);
}

/** The Set-Cookie of a preview (host-only; Secure over https). */
export function previewCookie(token: string, secure: boolean): string {
  return `${PREVIEW_COOKIE}=${token}; Path=/; Max-Age=${PREVIEW_HOURS * 3600}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/**
 * GET /api/preview?token=… on a site's own host: a valid token for this host's site becomes the
 * preview cookie and the visitor goes to the home page; `?end=1` ends the preview. 403 for a token
 * that is not this site's, has expired or was not signed here.
 */
export async function previewRequest(req: Request): Promise<Response> {
  const url = new URL(req.url);
  const secure = url.protocol === "https:" || req.headers.get("x-forwarded-proto") === "https";
  const plain = (status: number, text: string, headers: Record<string, string> = {}) =>
    new Response(text, { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store", ...headers } });
  if (url.searchParams.get("end") === "1")
    return new Response(null, {
      status: 303,
      headers: {
        location: "/",
        "cache-control": "no-store",
        "set-cookie": `${PREVIEW_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`,
      },
    });
  const site = await getSiteByKey(await getDb(), resolveTenant(req.headers.get("host"), env().DEFAULT_SITE));
  if (!site) return plain(404, "Unknown site.\n");
  const token = url.searchParams.get("token") ?? "";
  if (!(await previewValid(token, site.id, serverNow())))
    return plain(403, "This preview link is not valid or has expired. Open the preview again from the back-office.\n");
  return new Response(null, {
    status: 303,
    headers: { location: "/", "cache-control": "no-store", "set-cookie": previewCookie(token, secure) },
  });
}
