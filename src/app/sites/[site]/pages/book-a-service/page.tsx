import type { Metadata } from "next";
import { FormPage } from "@/components/forms/form-page";
import { leadFormSite } from "@/domain/leads/forms";
import { requestNow } from "@/server/base/clock";
import { formMetadata, formSubject } from "../../_routes/form";
import { requireSite, type SearchParams, type SiteParams } from "../../_routes/site";

type Props = { params: SiteParams; searchParams: SearchParams };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return formMetadata(await requireSite(params, "/pages/book-a-service"), "service", "/service");
}

// GET /pages/book-a-service — the service booking form at its second address; `?vehicle=` and `?location=` say what it is about
export default async function BookAServicePage({ params, searchParams }: Props) {
  const ctx = await requireSite(params, "/pages/book-a-service");
  return (
    <FormPage
      kind="service"
      formSite={leadFormSite(ctx, requestNow(), { testDrive: false })}
      {...await formSubject(ctx, searchParams, "service")}
    />
  );
}
