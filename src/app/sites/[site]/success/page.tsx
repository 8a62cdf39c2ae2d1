import type { Metadata } from "next";
import Link from "next/link";
import { CheckCircle2 } from "@/components/ui/icons";
import { AddDetails } from "@/components/forms/add-details";
import { SentSummary } from "@/components/forms/sent-summary";
import { directionsUrl } from "@/domain/locations/geo";
import { openState } from "@/domain/locations/hours";
import { telHref } from "@/domain/site/links";
import { nounInText } from "@/domain/site/vehicle";
import { pluralNoun } from "@/domain/stock/summary";
import { requestNow } from "@/server/base/clock";
import { buttonVariants } from "@/components/ui/button";
import { thankYou } from "@/domain/leads/lead";
import { oneParam, requireSite, type SearchParams, type SiteParams } from "../_routes/site";
import { PageSection } from "@/components/ui/page";

type Props = { params: SiteParams; searchParams: SearchParams };

export const metadata: Metadata = { title: "Thank you", robots: { index: false } };

// GET /success?category={slug} — shown after a successful enquiry
export default async function SuccessPage({ params, searchParams }: Props) {
  const ctx = await requireSite(params, "/success");
  const now = requestNow();
  const words = thankYou(oneParam((await searchParams).category) ?? "general-enquiry");
  return (
    <PageSection width="narrow" className="py-16 text-center">
      <CheckCircle2 aria-hidden className="mx-auto size-14 text-emerald-700" />
      <h1 className="mt-4 text-3xl font-extrabold">{words.title}</h1>
      <p className="mt-3 text-lg text-neutral-800">{words.body}</p>
      <p className="mt-2 text-neutral-700">
        Need us sooner? Call {ctx.site.name}
        {ctx.site.phone ? ` on ${ctx.site.phone}` : ""}.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link href="/search/new-used-and-demo-cars" className={buttonVariants()}>
          Browse our stock
        </Link>
        <Link href="/" className={buttonVariants({ variant: "outline" })}>
          Back to the home page
        </Link>
      </div>
      <SentSummary
        plural={nounInText(pluralNoun(ctx.noun))}
        locations={ctx.locations.map((l) => {
          const state = openState(now, l.timezone, l.openingHours, ctx.specialHours, l.id);
          return {
            id: l.id,
            name: l.name,
            phone: l.contactDetail.phone,
            tel: telHref(l.contactDetail.phone, ctx.site.country),
            directions: directionsUrl(l.address),
            status: [state.label, state.detail].filter(Boolean).join(", "),
          };
        })}
      />
      <AddDetails />
    </PageSection>
  );
}
