import { lookupRoute } from "@/server/leads/lookup-api";

export const dynamic = "force-dynamic";

// POST /api/simple-autograb-lookup {rego, state} — vehicle lookup on sites with the autograb or redbook flag
export const POST = lookupRoute("/api/simple-autograb-lookup");
