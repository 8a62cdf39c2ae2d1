import { watchlistRoutes } from "@/server/auth/account-api";

export const dynamic = "force-dynamic";

// POST /api/account/watchlist {vehicle_ids} and DELETE /api/account/watchlist?id=N (signed-in customers; see account-api.ts)
export const { POST, DELETE } = watchlistRoutes;
