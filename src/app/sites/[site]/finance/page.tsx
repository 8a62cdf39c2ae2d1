import type { Metadata } from "next";
import { FinanceFormPage } from "@/components/forms/finance-form-page";
import { formMetadata, loadFinancePage } from "../_routes/form";
import { requireSite, type SearchParams, type SiteParams } from "../_routes/site";

type Props = { params: SiteParams; searchParams: SearchParams };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return formMetadata(await requireSite(params, "/finance"), "finance", "/finance");
}

// GET /finance — the finance enquiry and calculator; `?vehicle=` and `?location=` say what it is about
export default async function FinancePage({ params, searchParams }: Props) {
  return <FinanceFormPage {...await loadFinancePage(params, searchParams)} />;
}
