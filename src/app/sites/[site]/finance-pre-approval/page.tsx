import type { Metadata } from "next";
import { FinanceFormPage } from "@/components/forms/finance-form-page";
import { formMetadata, loadPreApprovalPage } from "../_routes/form";
import { requireSite, type SearchParams, type SiteParams } from "../_routes/site";

type Props = { params: SiteParams; searchParams: SearchParams };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return formMetadata(await requireSite(params, "/finance-pre-approval"), "finance-pre-approval", "/finance-pre-approval");
}

// GET /finance-pre-approval — pre-approval (redirects to /finance where the site has none); `?vehicle=` and `?location=` say what it is about
export default async function FinancePreApprovalPage({ params, searchParams }: Props) {
  return <FinanceFormPage {...await loadPreApprovalPage(params, searchParams)} />;
}
