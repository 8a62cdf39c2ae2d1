import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { redirect } from "next/navigation";
import { EnquiryList } from "@/components/account/enquiry-list";
import { AlertSwitch, DetailsForm, GarageWatchlist, RemoveSearchButton, SignOutButton } from "@/components/account/garage";
import { PageSection, PageTitle, Panel } from "@/components/ui/page";
import { RepaymentNote } from "@/components/stock/repayment-note";
import { cardContext, cardsNote } from "@/domain/stock/card-view";
import { pluralNoun } from "@/domain/stock/summary";
import { nounInText, oneNounInText } from "@/domain/site/vehicle";
import { currentCustomer } from "@/server/auth/handlers";
import { loadGarage } from "@/server/auth/garage";
import { requestNow } from "@/server/base/clock";
import { oneParam, requireSite, type SearchParams, type SiteParams } from "../_routes/site";
import { TrackView } from "@/components/widgets/track-view";
import { EVENT_IDS } from "@/domain/analytics/events";
import { possessive } from "@/domain/format/possessive";

export async function generateMetadata({ params }: { params: SiteParams }): Promise<Metadata> {
  const ctx = await requireSite(params, "/my-garage");
  return { title: ctx.accounts.enabled ? ctx.accounts.garageName : "My Garage", robots: { index: false } };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

// GET /my-garage — the signed-in customer's garage (its name differs per site)
export default async function GaragePage({ params, searchParams }: { params: SiteParams; searchParams: SearchParams }) {
  const ctx = await requireSite(params, "/my-garage");
  const sp = await searchParams;
  const customer = await currentCustomer(await headers(), ctx);
  if (!customer) redirect(`/sign-in?redirect=/my-garage${oneParam(sp.error) ? "&error=link" : ""}`);
  const garageName = ctx.accounts.enabled ? ctx.accounts.garageName : "My Garage";
  const now = requestNow();
  const garage = await loadGarage(ctx, customer.id, now);
  const nouns = nounInText(pluralNoun(ctx.noun));
  const oneNoun = oneNounInText(ctx.noun);
  return (
    <PageSection className="space-y-10">
      <TrackView event={EVENT_IDS.garageView} />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <PageTitle>{garageName}</PageTitle>
          <p className="mt-1 break-words text-neutral-700">
            Signed in as {customer.name} ({customer.email})
          </p>
        </div>
        <SignOutButton />
      </div>

      <section aria-labelledby="watchlist-heading" className="space-y-4">
        <h2 id="watchlist-heading" className="text-xl font-bold">
          Watchlist
        </h2>
        <p className="text-sm text-neutral-700">
          Tick a box to be emailed when a saved {possessive(oneNoun, "’")} price drops, when it sells, or when a saved search has new
          matches: at most one email a day, and every email has a link to stop them.
        </p>
        <GarageWatchlist cards={garage.cards} plural={nouns} alerts={garage.carAlerts} />
        <RepaymentNote note={cardsNote(cardContext(ctx, requestNow()), garage.cards)} />
      </section>

      <section aria-labelledby="searches-heading" className="space-y-4">
        <h2 id="searches-heading" className="text-xl font-bold">
          Saved searches
        </h2>
        {garage.searches.length === 0 ? (
          <p className="text-neutral-700">
            No saved searches yet. Use “Save this search” on a search page to be told about new {nouns} that match.
          </p>
        ) : (
          <ul className="divide-y divide-neutral-200 rounded-lg border border-neutral-200" data-testid="saved-searches">
            {garage.searches.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
                <div>
                  <Link href={s.href} className="font-semibold text-brand underline">
                    {s.label}
                  </Link>
                  <p className="text-sm text-neutral-700">
                    {plural(s.total, "match", "matches")}
                    {s.fresh > 0 && (
                      <>
                        {" · "}
                        <strong className="text-emerald-800" data-testid="new-matches">
                          {s.fresh} new since your last visit
                        </strong>
                      </>
                    )}
                  </p>
                </div>
                <div className="flex flex-wrap items-center gap-3">
                  <AlertSwitch target={{ search_id: s.id }} initial={s.alerts} label="Email me new matches" about={s.label} />
                  <RemoveSearchButton id={s.id} label={s.label} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="enquiries-heading" className="space-y-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="enquiries-heading" className="text-xl font-bold">
            Your enquiries
          </h2>
          <Link href="/personalised/finance" prefetch={false} className="font-semibold text-brand underline">
            Your finance applications
          </Link>
        </div>
        <EnquiryList
          enquiries={garage.enquiries}
          template={ctx.site.template}
          locale={ctx.format.locale}
          timeZone={ctx.site.timezone}
          empty="Enquiries you send while signed in are listed here."
          testId="enquiries"
        />
      </section>

      <section aria-labelledby="details-heading" className="space-y-4">
        <h2 id="details-heading" className="text-xl font-bold">
          Saved details
        </h2>
        <Panel>
          <DetailsForm
            initial={garage.details}
            email={customer.email}
            postcodeLabel={ctx.site.country === "US" ? "ZIP code" : "Postcode"}
            siteName={ctx.site.name}
          />
        </Panel>
      </section>
    </PageSection>
  );
}
