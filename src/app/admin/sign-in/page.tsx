import type { Metadata } from "next";
import { SignInView } from "@/components/admin/views/sign-in";
import { loadSignIn } from "@/app/admin/_routes/home";
import type { SearchParams } from "@/app/admin/_routes/params";

export const metadata: Metadata = { title: "Sign in" };

// GET /sign-in — staff sign-in (accounts come from an owner's invitation)
export default async function StaffSignInPage({ searchParams }: { searchParams: SearchParams }) {
  return <SignInView {...await loadSignIn(searchParams)} />;
}
