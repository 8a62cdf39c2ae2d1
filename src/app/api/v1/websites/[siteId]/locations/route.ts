// POST /api/v1/websites/{siteId}/locations — administrator Basic auth; a new location of the site → 201
import { postLocation } from "@/server/platform/websites-api";

export const dynamic = "force-dynamic";
export const POST = postLocation;
