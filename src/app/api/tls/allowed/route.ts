import { tlsAllowed } from "@/server/platform/tls";

export const dynamic = "force-dynamic";

// GET /api/tls/allowed?domain=NAME — may a TLS front door get a certificate for NAME (a site's domain or its www. name)
export async function GET(req: Request): Promise<Response> {
  return tlsAllowed(req);
}
