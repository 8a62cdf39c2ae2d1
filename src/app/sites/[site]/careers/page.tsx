import type { Metadata } from "next";
import { FormPage } from "@/components/forms/form-page";
import { leadFormSite } from "@/domain/leads/forms";
import { formMetadata, formSubject } from "../_routes/form";
import { SectionIntro } from "../_routes/section";
import { requireSite, type SearchParams, type SiteParams } from "../_routes/site";

type Props = { params: SiteParams; searchParams: SearchParams };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return formMetadata(await requireSite(params, "/careers"), "careers", "/careers");
}

// GET /careers — the careers form (where the site has careers); `?vehicle=` and `?location=` say what it is about
export default async function CareersPage({ params, searchParams }: Props) {
  const ctx = await requireSite(params, "/careers");
  return (
    <FormPage
      kind="careers"
      formSite={leadFormSite(ctx)}
      {...await formSubject(ctx, searchParams, "careers")}
      intro={<SectionIntro ctx={ctx} slug="careers" />}
    />
  );
}
