import type { Metadata } from "next";
import { SuccessView } from "@/components/forms/success-view";
import { loadSuccess } from "../_routes/form";
import type { SearchParams, SiteParams } from "../_routes/site";

type Props = { params: SiteParams; searchParams: SearchParams };

export const metadata: Metadata = { title: "Thank you", robots: { index: false } };

// GET /success?category={slug} — shown after a successful enquiry
export default async function SuccessPage({ params, searchParams }: Props) {
  return <SuccessView {...await loadSuccess(params, searchParams)} />;
}
