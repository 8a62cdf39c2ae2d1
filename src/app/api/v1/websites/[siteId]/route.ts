// GET /api/v1/websites/{id}.json — administrator Basic auth; the site record, its flags and publish checklist
// PUT /api/v1/websites/{id}.json — administrator Basic auth; change the fields given (published: true publishes)
import { getWebsite, putWebsite } from "@/server/platform/websites-api";

export const dynamic = "force-dynamic";
export const GET = getWebsite;
export const PUT = putWebsite;
