import { unsubscribeRoute } from "@/server/alerts/unsubscribe";

export const dynamic = "force-dynamic";

// POST /api/alerts/unsubscribe?token=… — RFC 8058 one-click: every email alert of the token's shopper on this site off
export const POST = unsubscribeRoute;
