import type { Metadata } from "next";
import Link from "next/link";
import { ResetPasswordForm } from "@/components/account/account-forms";
import { PageSection, PageTitle } from "@/components/ui/page";
import { ACCOUNT_MSG } from "@/domain/accounts/forms";
import { oneParam, requireSite, type SearchParams, type SiteParams } from "../_routes/site";

export const metadata: Metadata = { title: "Choose a New Password", robots: { index: false } };

// GET /reset-password?token=… — where the emailed reset link lands (the library checks the token on submit)
export default async function ResetPasswordPage({ params, searchParams }: { params: SiteParams; searchParams: SearchParams }) {
  await requireSite(params, "/reset-password");
  const sp = await searchParams;
  const token = oneParam(sp.token);
  const usable = token && /^[A-Za-z0-9_-]{1,200}$/.test(token) && !oneParam(sp.error);
  return (
    <PageSection width="narrow">
      <PageTitle className="mb-6">Choose a new password</PageTitle>
      {usable ? (
        <ResetPasswordForm token={token} />
      ) : (
        <p role="alert" className="rounded-md border border-amber-700 bg-amber-50 p-3 font-semibold text-amber-900">
          {ACCOUNT_MSG.resetBad}{" "}
          <Link href="/sign-in" className="underline">
            Ask for a new link on the sign-in page
          </Link>
          .
        </p>
      )}
    </PageSection>
  );
}
