import type { Metadata } from "next";
import { FinancePanel } from "@/components/forms/finance-panel";
import { FormPage } from "@/components/forms/form-page";
import { leadFormSite } from "@/domain/leads/forms";
import { requestNow } from "@/server/base/clock";
import { financeTermsFor, formMetadata, formSubject } from "../_routes/form";
import { requireSite, type SearchParams, type SiteParams } from "../_routes/site";

type Props = { params: SiteParams; searchParams: SearchParams };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return formMetadata(await requireSite(params, "/finance-pre-approval"), "finance-pre-approval", "/finance-pre-approval");
}

// GET /finance-pre-approval — pre-approval (redirects to /finance where the site has none); `?vehicle=` and `?location=` say what it is about
export default async function FinancePreApprovalPage({ params, searchParams }: Props) {
  const ctx = await requireSite(params, "/finance-pre-approval");
  return (
    <FormPage
      kind="finance-pre-approval"
      formSite={leadFormSite(ctx, requestNow(), { testDrive: false })}
      // about a car, the calculator starts at that car's rate, as /finance does
      calculator={<FinancePanel ctx={ctx} terms={await financeTermsFor(ctx, searchParams)} />}
      {...await formSubject(ctx, searchParams, "finance-pre-approval")}
    />
  );
}
