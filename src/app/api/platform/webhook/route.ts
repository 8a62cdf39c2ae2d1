// POST /api/platform/webhook — the dashboard's signed site.changed notice; the site's cached platform answers are fetched again
import { receiveSiteChanged } from "@/server/platform/webhook-api";

export const dynamic = "force-dynamic";
export const POST = receiveSiteChanged;
