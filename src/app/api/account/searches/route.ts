import { searchRoutes } from "@/server/auth/account-api";

export const dynamic = "force-dynamic";

// POST /api/account/searches {href} ("Save this search") and DELETE /api/account/searches?id=uuid
export const { POST, DELETE } = searchRoutes;
