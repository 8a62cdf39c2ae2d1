// PUT, POST /api/admin/sites/{siteId}/reply-templates — the lead page's SMS and email templates (managers and owners);
// PUT takes JSON, POST the settings page's form posted plainly
import { postReplyTemplates, putReplyTemplates } from "@/server/admin/api/settings";

export const dynamic = "force-dynamic";
export const PUT = putReplyTemplates;
export const POST = postReplyTemplates;
