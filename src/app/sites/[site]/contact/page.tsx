import type { Metadata } from "next";
import { FormPage } from "@/components/forms/form-page";
import { leadFormSite } from "@/domain/leads/forms";
import { contactSubject, formMetadata } from "../_routes/form";
import { requireSite, type SearchParams, type SiteParams } from "../_routes/site";

type Props = { params: SiteParams; searchParams: SearchParams };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return formMetadata(await requireSite(params, "/contact"), "contact", "/contact");
}

// GET /contact — the contact form; `?vehicle=` and `?location=` say what it is about (about a car: that car's enquiry form)
export default async function ContactPage({ params, searchParams }: Props) {
  const ctx = await requireSite(params, "/contact");
  return <FormPage formSite={leadFormSite(ctx)} {...await contactSubject(ctx, searchParams)} />;
}
