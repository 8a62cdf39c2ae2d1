import type { Metadata } from "next";
import { LookupFormPage } from "@/components/forms/lookup-form-page";
import { leadFormSite } from "@/domain/leads/forms";
import { formMetadata, formSubject, lookupForm } from "../_routes/form";
import { regoStep } from "../_routes/lookup";
import { requireSite, type SearchParams, type SiteParams } from "../_routes/site";

type Props = { params: SiteParams; searchParams: SearchParams };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return formMetadata(await requireSite(params, "/sell-my-car"), "sell-my-car", "/sell-my-car");
}

// GET /sell-my-car — sell my car (redirects to /trade-in where the site takes trade-ins); `?vehicle=` and `?location=` say what it is about; `?rego=&state=` is its rego step without JavaScript
export default async function SellMyCarPage({ params, searchParams }: Props) {
  const ctx = await requireSite(params, "/sell-my-car");
  return (
    <LookupFormPage
      kind="sell-my-car"
      formSite={leadFormSite(ctx)}
      {...await formSubject(ctx, searchParams, "sell-my-car")}
      lookup={lookupForm(ctx)}
      looked={await regoStep(ctx, searchParams)}
    />
  );
}
