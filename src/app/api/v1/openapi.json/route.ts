// GET /api/v1/openapi.json — the data API's contract, generated from its zod schemas
import { getOpenApi } from "@/server/platform/dashboard-api";

export const dynamic = "force-dynamic";
export const GET = getOpenApi;
