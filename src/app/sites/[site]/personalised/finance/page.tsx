import type { Metadata } from "next";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { EnquiryList } from "@/components/account/enquiry-list";
import { FinancePanel } from "@/components/forms/finance-panel";
import { LeadForm } from "@/components/forms/lead-form";
import { PageSection, PageTitle, Panel } from "@/components/ui/page";
import { leadFormSite } from "@/domain/leads/forms";
import { currentCustomer } from "@/server/auth/handlers";
import { getDb } from "@/server/db";
import { getCustomerDetails, listCustomerEnquiries } from "@/server/repositories/customers";
import { requireSite, type SiteParams } from "../../_routes/site";
import { refusedForm } from "../../_routes/form";

export const metadata: Metadata = { title: "Your Finance", robots: { index: false } };

const SIGN_IN = "/sign-in?type=finance&redirect=/personalised/finance";

// GET /personalised/finance — a link target: the signed-in customer's finance and pre-approval
// enquiries, and a finance form already filled in with their details
export default async function PersonalisedFinancePage({ params }: { params: SiteParams }) {
  const ctx = await requireSite(params, "/personalised/finance");
  const customer = await currentCustomer(await headers(), ctx);
  if (!customer) redirect(SIGN_IN);
  const db = await getDb();
  const [enquiries, details] = await Promise.all([
    listCustomerEnquiries(db, customer.id, ctx.site.id),
    getCustomerDetails(db, customer.id),
  ]);
  const finance = enquiries.filter((e) => e.category === "Finance Enquiry");
  const prefill = {
    name: details.name || customer.name.split(" ")[0],
    last_name: details.last_name,
    email: customer.email,
    phone: details.phone,
    postcode: details.postcode,
  };
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
          enquiries={finance}
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
          <LeadForm kind="finance" site={leadFormSite(ctx)} heading={null} prefill={prefill} refused={await refusedForm(ctx, "finance")} />
        </Panel>
      </section>
    </PageSection>
  );
}
