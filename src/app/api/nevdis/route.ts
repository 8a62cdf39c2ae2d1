import { lookupRoute } from "@/server/leads/lookup-api";

export const dynamic = "force-dynamic";

// POST /api/nevdis {rego, state} — vehicle lookup on sites with the nevdis flag
export const POST = lookupRoute("/api/nevdis");
