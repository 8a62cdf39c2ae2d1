import type { Metadata } from "next";
import { PersonalisedFinanceView } from "@/components/account/account-pages";
import { loadPersonalisedFinance } from "../../_routes/account";
import type { SiteParams } from "../../_routes/site";

export const metadata: Metadata = { title: "Your Finance", robots: { index: false } };

// GET /personalised/finance — a link target: the signed-in customer's finance and pre-approval
// enquiries, and a finance form already filled in with their details
export default async function PersonalisedFinancePage({ params }: { params: SiteParams }) {
  return <PersonalisedFinanceView {...await loadPersonalisedFinance(params)} />;
}
