import type { Metadata } from "next";
import { FormPage } from "@/components/forms/form-page";
import { leadFormSite } from "@/domain/leads/forms";
import { requestNow } from "@/server/base/clock";
import { formMetadata, formSubject } from "../_routes/form";
import { requireSite, type SearchParams, type SiteParams } from "../_routes/site";

type Props = { params: SiteParams; searchParams: SearchParams };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return formMetadata(await requireSite(params, "/book-test-drive"), "test-drive", "/book-test-drive");
}

// GET /book-test-drive — the test-drive booking form; `?vehicle=` and `?location=` say what it is about
export default async function BookTestDrivePage({ params, searchParams }: Props) {
  const ctx = await requireSite(params, "/book-test-drive");
  return <FormPage kind="test-drive" formSite={leadFormSite(ctx, requestNow())} {...await formSubject(ctx, searchParams, "test-drive")} />;
}
