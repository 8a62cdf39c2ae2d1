// POST /api/admin/sign-in — a staff member signs in to the back-office
import { signIn } from "@/server/admin/api/session";

export const dynamic = "force-dynamic";
export const POST = signIn;
