import type { Metadata } from "next";
import { FormPage } from "@/components/forms/form-page";
import { leadFormSite } from "@/domain/leads/forms";
import { requestNow } from "@/server/base/clock";
import { formMetadata, formSubject } from "../_routes/form";
import { requireSite, type SearchParams, type SiteParams } from "../_routes/site";

type Props = { params: SiteParams; searchParams: SearchParams };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return formMetadata(await requireSite(params, "/service"), "service", "/service");
}

// GET /service — the service booking form; `?vehicle=` and `?location=` say what it is about
export default async function ServicePage({ params, searchParams }: Props) {
  const ctx = await requireSite(params, "/service");
  return (
    <FormPage
      kind="service"
      formSite={leadFormSite(ctx, requestNow(), { testDrive: false })}
      {...await formSubject(ctx, searchParams, "service")}
    />
  );
}
