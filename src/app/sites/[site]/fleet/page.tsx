import type { Metadata } from "next";
import { FormPage } from "@/components/forms/form-page";
import { leadFormSite } from "@/domain/leads/forms";
import { formMetadata, formSubject } from "../_routes/form";
import { SectionIntro } from "../_routes/section";
import { requireSite, type SearchParams, type SiteParams } from "../_routes/site";

type Props = { params: SiteParams; searchParams: SearchParams };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return formMetadata(await requireSite(params, "/fleet"), "fleet", "/fleet");
}

// GET /fleet — the fleet enquiry form (where the site has fleet); `?vehicle=` and `?location=` say what it is about
export default async function FleetPage({ params, searchParams }: Props) {
  const ctx = await requireSite(params, "/fleet");
  return (
    <FormPage
      kind="fleet"
      formSite={leadFormSite(ctx)}
      {...await formSubject(ctx, searchParams, "fleet")}
      intro={<SectionIntro ctx={ctx} slug="fleet" />}
    />
  );
}
