import type { Metadata } from "next";
import { TestPayView } from "@/components/store/store-pages";
import type { SearchParams, SiteParams } from "../../_routes/site";
import { loadTestPay } from "../../_routes/store";

export const metadata: Metadata = { title: "Pay Your Deposit", robots: { index: false } };

// GET /checkout/pay?order=… — the local test payment provider's "hosted page" (sites whose
// payment_provider is "test": the demo and the tests). A real provider's page replaces it.
export default async function TestPayPage({ params, searchParams }: { params: SiteParams; searchParams: SearchParams }) {
  return <TestPayView {...await loadTestPay(params, searchParams)} />;
}
