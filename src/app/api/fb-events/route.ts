import { fbEventsRoute } from "@/server/analytics/events-api";

export const dynamic = "force-dynamic";

// POST /api/fb-events — server-side ad events, forwarded to the site's conversions provider
export const POST = fbEventsRoute;
