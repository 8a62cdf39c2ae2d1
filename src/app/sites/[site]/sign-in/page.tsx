import type { Metadata } from "next";
import { SignInView } from "@/components/account/account-pages";
import { loadSignIn } from "../_routes/account";
import type { SearchParams, SiteParams } from "../_routes/site";

export const metadata: Metadata = { title: "Sign In", robots: { index: false } };

// GET /sign-in[?type=finance][&redirect=/same-site/path][&mode=register] — sign-in (for finance too)
export default async function SignInPage({ params, searchParams }: { params: SiteParams; searchParams: SearchParams }) {
  return <SignInView {...await loadSignIn(params, searchParams)} />;
}
