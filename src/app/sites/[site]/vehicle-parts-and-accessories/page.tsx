import type { Metadata } from "next";
import { FormPage } from "@/components/forms/form-page";
import { leadFormSite } from "@/domain/leads/forms";
import { formMetadata, formSubject } from "../_routes/form";
import { requireSite, type SearchParams, type SiteParams } from "../_routes/site";

type Props = { params: SiteParams; searchParams: SearchParams };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return formMetadata(await requireSite(params, "/vehicle-parts-and-accessories"), "parts", "/vehicle-parts-and-accessories");
}

// GET /vehicle-parts-and-accessories — the parts enquiry form; `?vehicle=` and `?location=` say what it is about
export default async function PartsPage({ params, searchParams }: Props) {
  const ctx = await requireSite(params, "/vehicle-parts-and-accessories");
  return <FormPage kind="parts" formSite={leadFormSite(ctx)} {...await formSubject(ctx, searchParams, "parts")} />;
}
