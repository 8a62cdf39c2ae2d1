// POST /api/v1/websites — administrator Basic auth; a site from its record (the platform's field names) → 201
import { postWebsite } from "@/server/platform/websites-api";

export const dynamic = "force-dynamic";
export const POST = postWebsite;
