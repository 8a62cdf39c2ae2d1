// POST /api/v1/websites — administrator Basic auth; a site from its record (SPEC §3 fields) → 201
import { postWebsite } from "@/server/platform/websites-api";

export const dynamic = "force-dynamic";
export const POST = postWebsite;
