// GET /api/preview?token=… — on a site's own host: staff's preview link of a draft site becomes a preview cookie (?end=1 ends it)
import { previewRequest } from "@/server/auth/preview";

export const dynamic = "force-dynamic";
export const GET = previewRequest;
