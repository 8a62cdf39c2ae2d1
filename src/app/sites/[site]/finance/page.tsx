import type { Metadata } from "next";
import { FinancePanel } from "@/components/forms/finance-panel";
import { FormPage } from "@/components/forms/form-page";
import Link from "next/link";
import { leadFormSite } from "@/domain/leads/forms";
import { financeApplications } from "@/domain/site/features";
import { telHref } from "@/domain/site/links";
import type { SiteContext } from "@/server/site/context";
import { financeTermsFor, formMetadata, formSubject } from "../_routes/form";
import { oneParam, requireSite, type SearchParams, type SiteParams } from "../_routes/site";
import { quoteFromQuery } from "@/domain/leads/finance-quote";

type Props = { params: SiteParams; searchParams: SearchParams };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return formMetadata(await requireSite(params, "/finance"), "finance", "/finance");
}

// GET /finance — the finance enquiry and calculator; `?vehicle=` and `?location=` say what it is about
export default async function FinancePage({ params, searchParams }: Props) {
  const ctx = await requireSite(params, "/finance");
  // finance_provider: with none, the site takes no application online (the calculator stays)
  const instead = financeApplications(ctx.site) === "none" ? <NoFinanceApplications ctx={ctx} /> : undefined;
  const q = await searchParams;
  const terms = await financeTermsFor(ctx, searchParams);
  // "Apply for finance" on a vehicle page carries its calculator's figures here
  const initial =
    quoteFromQuery(
      {
        price: oneParam(q.price),
        deposit: oneParam(q.deposit),
        balloon: oneParam(q.balloon),
        term: oneParam(q.term),
        frequency: oneParam(q.frequency),
      },
      terms.rate,
    ) ?? undefined;
  return (
    <FormPage
      kind="finance"
      formSite={leadFormSite(ctx)}
      calculator={<FinancePanel ctx={ctx} terms={terms} initial={initial} publish={!instead} />}
      initial={initial ? { loan_amount: String(initial.price - initial.deposit) } : undefined}
      instead={instead}
      {...await formSubject(ctx, searchParams, "finance")}
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
