import { authRoute } from "@/server/auth/handlers";

export const dynamic = "force-dynamic";

// GET, POST /api/auth/* — sign-up, sign-in (password or emailed link), sign-out and password reset (Better Auth,
// behind our checks: see src/server/auth/handlers.ts and docs/features/accounts.md)
export const GET = authRoute;
export const POST = authRoute;
