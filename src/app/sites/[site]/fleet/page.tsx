import type { Metadata } from "next";
import { FormPage } from "@/components/forms/form-page";
import { FORMS, leadFormSite } from "@/domain/leads/forms";
import { formSubject } from "../_routes/form";
import { SectionIntro } from "../_routes/section";
import { requireSite, type SearchParams, type SiteParams } from "../_routes/site";

type Props = { params: SiteParams; searchParams: SearchParams };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await requireSite(params, "/fleet");
  return { title: FORMS["fleet"].title };
}

// GET /fleet — the fleet enquiry form (where the site has fleet); `?vehicle=` and `?location=` say what it is about
export default async function FleetPage({ params, searchParams }: Props) {
  const ctx = await requireSite(params, "/fleet");
  return (
    <FormPage
      kind="fleet"
      formSite={leadFormSite(ctx)}
      {...await formSubject(ctx, searchParams)}
      intro={<SectionIntro ctx={ctx} slug="fleet" />}
    />
  );
}
