import Link from "next/link";
import type { ComponentProps } from "react";
import { FinancePanel } from "@/components/forms/finance-panel";
import { LeadForm } from "@/components/forms/lead-form";
import { RepaymentNote } from "@/components/stock/repayment-note";
import { buttonVariants } from "@/components/ui/button";
import { PageSection, PageTitle, Panel } from "@/components/ui/page";
import { TrackView } from "@/components/widgets/track-view";
import type { CustomerEnquiry } from "@/domain/accounts/enquiry";
import { EVENT_IDS } from "@/domain/analytics/events";
import { possessive } from "@/domain/format/possessive";
import { leadFormSite } from "@/domain/leads/forms";
import type { SiteContext } from "@/domain/site/context";
import { nounInText, oneNounInText } from "@/domain/site/vehicle";
import { cardContext, cardsNote, type CardView } from "@/domain/stock/card-view";
import { pluralNoun } from "@/domain/stock/summary";
import { AccountForms, type AccountMode } from "./account-forms";
import { EnquiryList } from "./enquiry-list";
import { AlertSwitch, DetailsForm, GarageWatchlist, RemoveSearchButton, SignOutButton } from "./garage";

type Customer = { id: string; name: string; email: string };

/** /alerts/unsubscribe: done (`?done=1`), or one button that posts the one-click unsubscribe of a valid token. */
export function UnsubscribeView(props: { siteName: string; garageName: string; done: boolean; token: string; valid: boolean }) {
  const { siteName: name, token } = props;
  if (props.done)
    return (
      <PageSection width="narrow" className="space-y-4">
        <PageTitle>You are unsubscribed</PageTitle>
        <p role="status" className="rounded-md border border-green-700 bg-green-50 p-3 font-semibold text-green-900">
          {name} will not email you about price drops, sold vehicles or new matches any more.
        </p>
        <p>
          Changed your mind? Turn alerts on again for each saved vehicle or search in{" "}
          <Link href="/my-garage" className="font-semibold text-brand underline">
            {props.garageName}
          </Link>
          .
        </p>
      </PageSection>
    );
  return (
    <PageSection width="narrow" className="space-y-4">
      <PageTitle>Email alerts</PageTitle>
      {props.valid ? (
        <form method="post" action={`/api/alerts/unsubscribe?token=${encodeURIComponent(token)}`} className="space-y-4">
          <input type="hidden" name="List-Unsubscribe" value="One-Click" />
          <p>Stop every email alert from {name}: price drops, sold vehicles and new matches for your saved searches.</p>
          <button type="submit" className={buttonVariants()}>
            Unsubscribe from every alert
          </button>
        </form>
      ) : (
        <p role="alert" className="rounded-md border border-amber-700 bg-amber-50 p-3 font-semibold text-amber-900">
          This unsubscribe link is not valid. Sign in and turn alerts off in{" "}
          <Link href="/my-garage" className="underline">
            your garage
          </Link>
          .
        </p>
      )}
    </PageSection>
  );
}

export type GarageProps = {
  ctx: SiteContext;
  now: number;
  customer: Customer;
  garageName: string;
  garage: {
    cards: CardView[];
    carAlerts: number[];
    enquiries: CustomerEnquiry[];
    searches: Array<{ id: string; href: string; label: string; total: number; fresh: number; alerts: boolean }>;
    details: Record<string, string>;
  };
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** /my-garage: the signed-in customer's watchlist, saved searches, enquiries and saved details. */
export function GarageView({ ctx, now, customer, garageName, garage }: GarageProps) {
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
        <RepaymentNote note={cardsNote(cardContext(ctx, now), garage.cards)} />
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

export type PersonalisedFinanceProps = {
  ctx: SiteContext;
  customer: Customer;
  enquiries: CustomerEnquiry[];
  prefill: ComponentProps<typeof LeadForm>["prefill"];
  refused?: { errors: Record<string, string>; values: Record<string, string> } | null;
};

/** /personalised/finance: the signed-in customer's finance enquiries, and a finance form already filled in with their details. */
export function PersonalisedFinanceView({ ctx, customer, enquiries, prefill, refused }: PersonalisedFinanceProps) {
  return (
    <PageSection width="text" className="space-y-8">
      <div>
        <PageTitle>Your finance</PageTitle>
        <p className="mt-2 text-neutral-700">
          Signed in as {customer.name}. Your finance enquiries with {ctx.site.name}, and a new application with your details filled in.
        </p>
      </div>
      <section aria-labelledby="finance-enquiries" className="space-y-3">
        <h2 id="finance-enquiries" className="text-xl font-bold">
          Your finance enquiries
        </h2>
        <EnquiryList
          enquiries={enquiries}
          template={ctx.site.template}
          locale={ctx.format.locale}
          timeZone={ctx.site.timezone}
          empty="None yet. Enquiries you send while signed in are listed here."
          testId="finance-enquiries"
        />
      </section>
      <section aria-labelledby="finance-apply" className="space-y-4">
        <h2 id="finance-apply" className="text-xl font-bold">
          Apply for finance
        </h2>
        <FinancePanel ctx={ctx} />
        <Panel>
          <LeadForm kind="finance" site={leadFormSite(ctx)} heading={null} prefill={prefill} refused={refused} />
        </Panel>
      </section>
    </PageSection>
  );
}

export type SignInProps = {
  finance: boolean;
  /** where the shopper goes once signed in (a path of this site) */
  target: string;
  /** the site's garage, where accounts are on */
  garageName: string | undefined;
  siteName: string;
  mode: AccountMode;
  notice: string | undefined;
};

/** /sign-in: sign in, register or ask for a link (for finance too). */
export function SignInView({ finance, target, garageName, siteName, mode, notice }: SignInProps) {
  return (
    <PageSection width="narrow">
      <PageTitle>{finance ? "Sign in for finance" : `Sign in to ${garageName}`}</PageTitle>
      <p className="mb-6 mt-2 text-neutral-700">
        {finance
          ? "Sign in to see your finance and pre-approval enquiries and apply with your details already filled in."
          : `Your saved cars, searches and enquiries with ${siteName}, on any device.`}
      </p>
      <AccountForms initial={mode} redirect={target} garageName={garageName ?? ""} siteName={siteName} notice={notice} />
    </PageSection>
  );
}
