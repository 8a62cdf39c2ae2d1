import type { Metadata } from "next";
import { SignInView } from "@/components/admin/views/sign-in";
import { redirectSignedIn } from "@/app/admin/_routes/home";

export const metadata: Metadata = { title: "Sign in" };

// GET /sign-in — staff sign-in (accounts come from an owner's invitation)
export default async function StaffSignInPage() {
  await redirectSignedIn();
  return <SignInView />;
}
