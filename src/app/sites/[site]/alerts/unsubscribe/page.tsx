import type { Metadata } from "next";
import { UnsubscribeView } from "@/components/account/account-pages";
import { loadUnsubscribe } from "../../_routes/account";
import type { SearchParams, SiteParams } from "../../_routes/site";

export const metadata: Metadata = { title: "Email Alerts", robots: { index: false } };

// GET /alerts/unsubscribe?token=… — where an alert email's "Unsubscribe" link lands: one button posts the one-click unsubscribe
export default async function UnsubscribePage({ params, searchParams }: { params: SiteParams; searchParams: SearchParams }) {
  return <UnsubscribeView {...await loadUnsubscribe(params, searchParams)} />;
}
