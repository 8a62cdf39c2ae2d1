import "server-only";
import { certificateAllowed } from "@/domain/site/domains";
import { tlsHostName } from "@/domain/site/tenant";
import { getDb } from "@/server/db";
import { getSiteByKey } from "@/server/repositories/sites";

/*
 * A TLS front door (Caddy's on-demand TLS `ask`) asks before it requests a certificate for
 * a name it was sent. Only the names a published site answers on are allowed, never a public suffix,
 * so nobody can make it issue (and be rate-limited by the certificate authority for) certificates
 * for names of their choosing, a draft's included.
 */

const NO_STORE = { "cache-control": "no-store" };

/** GET /api/tls/allowed?domain=NAME — 200 for a published site's domain, one of its other domains or the www. name of either; 404 for any other name, 400 for what is not a host name. */
export async function tlsAllowed(req: Request): Promise<Response> {
  const name = tlsHostName(new URL(req.url).searchParams.get("domain"));
  if (!name)
    return Response.json({ error: "Give domain=NAME, a host name such as www.example.com.au." }, { status: 400, headers: NO_STORE });
  const site = await getSiteByKey(await getDb(), { by: "domain", domain: name });
  if (!site || !certificateAllowed(site, name))
    return Response.json({ error: "No published site answers on this name." }, { status: 404, headers: NO_STORE });
  return Response.json({ allowed: true, domain: name, site_id: site.id }, { headers: NO_STORE });
}
