import type { Metadata } from "next";
import { CheckoutView } from "@/components/store/store-pages";
import type { SlugParams } from "../../../_routes/site";
import { loadCheckout } from "../../../_routes/store";

export const metadata: Metadata = { title: "Reserve Online", robots: { index: false } };

// GET /cars/{slug}/checkout — the checkout ending path (always under /cars, whatever the
// site's vehicle base): reserve this car with a refundable deposit, on sites with the store
export default async function CheckoutPage({ params }: { params: SlugParams }) {
  return <CheckoutView {...await loadCheckout(params)} />;
}
