import type { Metadata } from "next";
import { ConfirmedView } from "@/components/store/store-pages";
import type { SearchParams, SiteParams } from "../../_routes/site";
import { loadConfirmed } from "../../_routes/store";

export const metadata: Metadata = { title: "Your Reservation", robots: { index: false } };

// GET /checkout/confirmed?order=… — where the payment provider sends the buyer back: the order as
// the provider says it is now (paid: the car is reserved; cancelled: it is free again)
export default async function ConfirmedPage({ params, searchParams }: { params: SiteParams; searchParams: SearchParams }) {
  return <ConfirmedView {...await loadConfirmed(params, searchParams)} />;
}
