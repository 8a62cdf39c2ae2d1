import { authStateRoute } from "@/server/auth/account-api";

export const dynamic = "force-dynamic";

// GET /api/auth — {accounts, garage_name, user: {name, email} | null, watchlist: [{id, name, slug, make,
// model, primary_image_url, sold}]}; on a site without accounts {accounts: false, user: null, watchlist: []}
export const GET = authStateRoute;
