// POST /api/admin/sign-out — signs the staff member out
import { signOut } from "@/server/admin/api/session";

export const dynamic = "force-dynamic";
export const POST = signOut;
