import type { Metadata } from "next";
import Link from "next/link";
import { PageSection, PageTitle } from "@/components/ui/page";
import { buttonVariants } from "@/components/ui/button";
import { readUnsubscribeToken } from "@/server/alerts/digests";
import { getDb } from "@/server/db";
import { oneParam, requireSite, type SearchParams, type SiteParams } from "../../_routes/site";

export const metadata: Metadata = { title: "Email Alerts", robots: { index: false } };

// GET /alerts/unsubscribe?token=… — where an alert email's "Unsubscribe" link lands: one button posts the one-click unsubscribe
export default async function UnsubscribePage({ params, searchParams }: { params: SiteParams; searchParams: SearchParams }) {
  const ctx = await requireSite(params, "/alerts/unsubscribe");
  const sp = await searchParams;
  const name = ctx.site.name;
  if (oneParam(sp.done) === "1")
    return (
      <PageSection width="narrow" className="space-y-4">
        <PageTitle>You are unsubscribed</PageTitle>
        <p role="status" className="rounded-md border border-green-700 bg-green-50 p-3 font-semibold text-green-900">
          {name} will not email you about price drops, sold vehicles or new matches any more.
        </p>
        <p>
          Changed your mind? Turn alerts on again for each saved vehicle or search in{" "}
          <Link href="/my-garage" className="font-semibold text-brand underline">
            {ctx.accounts.enabled ? ctx.accounts.garageName : "your garage"}
          </Link>
          .
        </p>
      </PageSection>
    );
  const token = oneParam(sp.token) ?? "";
  const who = await readUnsubscribeToken(await getDb(), token);
  const valid = who !== null && who.siteId === ctx.site.id;
  return (
    <PageSection width="narrow" className="space-y-4">
      <PageTitle>Email alerts</PageTitle>
      {valid ? (
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
