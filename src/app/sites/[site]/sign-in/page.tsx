import type { Metadata } from "next";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { AccountForms, type AccountMode } from "@/components/account/account-forms";
import { PageSection, PageTitle } from "@/components/ui/page";
import { safeRedirect } from "@/domain/accounts/forms";
import { currentCustomer } from "@/server/auth/handlers";
import { oneParam, requireSite, type SearchParams, type SiteParams } from "../_routes/site";

export const metadata: Metadata = { title: "Sign In", robots: { index: false } };

const LINK_PROBLEM = "That link has expired or has already been used. Please sign in, or ask for a new link.";

// GET /sign-in[?type=finance][&redirect=/same-site/path][&mode=register] — sign-in (for finance too)
export default async function SignInPage({ params, searchParams }: { params: SiteParams; searchParams: SearchParams }) {
  const ctx = await requireSite(params, "/sign-in");
  const sp = await searchParams;
  const finance = oneParam(sp.type) === "finance";
  // only a path of this site: an absolute or protocol-relative address would be an open redirect
  const target = safeRedirect(oneParam(sp.redirect), finance ? "/personalised/finance" : "/my-garage");
  if (await currentCustomer(await headers(), ctx)) redirect(target);
  const accounts = ctx.accounts.enabled ? ctx.accounts : null;
  const mode: AccountMode = oneParam(sp.mode) === "register" ? "register" : "sign-in";
  return (
    <PageSection width="narrow">
      <PageTitle>{finance ? "Sign in for finance" : `Sign in to ${accounts?.garageName}`}</PageTitle>
      <p className="mb-6 mt-2 text-neutral-700">
        {finance
          ? "Sign in to see your finance and pre-approval enquiries and apply with your details already filled in."
          : `Your saved cars, searches and enquiries with ${ctx.site.name}, on any device.`}
      </p>
      <AccountForms
        initial={mode}
        redirect={target}
        garageName={accounts?.garageName ?? ""}
        siteName={ctx.site.name}
        notice={oneParam(sp.error) ? LINK_PROBLEM : undefined}
      />
    </PageSection>
  );
}
