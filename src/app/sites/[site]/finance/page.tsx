import type { Metadata } from "next";
import { FinanceCalculator } from "@/components/forms/finance-calculator";
import { FormPage } from "@/components/forms/form-page";
import Link from "next/link";
import { leadFormSite } from "@/domain/leads/forms";
import { financeApplications } from "@/domain/site/features";
import { telHref } from "@/domain/site/links";
import type { SiteContext } from "@/server/site-context";
import { formMetadata, formSubject } from "../_routes/form";
import { requireSite, type SearchParams, type SiteParams } from "../_routes/site";

type Props = { params: SiteParams; searchParams: SearchParams };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return formMetadata(await requireSite(params, "/finance"), "finance", "/finance");
}

// GET /finance — the finance enquiry and calculator; `?vehicle=` and `?location=` say what it is about
export default async function FinancePage({ params, searchParams }: Props) {
  const ctx = await requireSite(params, "/finance");
  // SPEC §3 finance_provider: with none, the site takes no application online (the calculator stays)
  const instead = financeApplications(ctx.site) === "none" ? <NoFinanceApplications ctx={ctx} /> : undefined;
  return (
    <FormPage
      kind="finance"
      formSite={leadFormSite(ctx)}
      calculator={<FinanceCalculator />}
      instead={instead}
      {...await formSubject(ctx, searchParams)}
    />
  );
}

function NoFinanceApplications({ ctx }: { ctx: SiteContext }) {
  return (
    <div data-testid="no-finance-applications">
      <h2 className="text-lg font-bold">Talk to us about finance</h2>
      <p className="mt-2">
        We don’t take finance applications online.{" "}
        {ctx.site.phone ? (
          <>
            Call us on{" "}
            <a href={telHref(ctx.site.phone, ctx.site.country)} className="font-semibold text-brand underline">
              {ctx.site.phone}
            </a>{" "}
            or{" "}
          </>
        ) : null}
        <Link href="/contact" className="font-semibold text-brand underline">
          send us an enquiry
        </Link>{" "}
        and our team will talk you through your options.
      </p>
    </div>
  );
}
