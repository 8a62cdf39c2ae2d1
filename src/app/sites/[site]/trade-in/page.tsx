import type { Metadata } from "next";
import { LookupFormPage } from "@/components/forms/lookup-form-page";
import { leadFormSite } from "@/domain/leads/forms";
import { formMetadata, formSubject, lookupForm } from "../_routes/form";
import { regoStep } from "../_routes/lookup";
import { requireSite, type SearchParams, type SiteParams } from "../_routes/site";

type Props = { params: SiteParams; searchParams: SearchParams };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return formMetadata(await requireSite(params, "/trade-in"), "trade-in", "/trade-in");
}

// GET /trade-in — trade-in valuation (redirects to /sell-my-car where the site buys cars); `?vehicle=` and `?location=` say what it is about; `?rego=&state=` is its rego step without JavaScript
export default async function TradeInPage({ params, searchParams }: Props) {
  const ctx = await requireSite(params, "/trade-in");
  return (
    <LookupFormPage
      kind="trade-in"
      formSite={leadFormSite(ctx)}
      {...await formSubject(ctx, searchParams, "trade-in")}
      lookup={lookupForm(ctx)}
      looked={await regoStep(ctx, searchParams)}
    />
  );
}
