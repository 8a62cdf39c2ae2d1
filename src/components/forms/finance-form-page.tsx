import Link from "next/link";
import type { FinanceQuoteInput } from "@/domain/leads/finance-quote";
import type { SiteContext } from "@/domain/site/context";
import type { FinanceSettings } from "@/domain/site/finance";
import { telHref } from "@/domain/site/links";
import { FinancePanel } from "./finance-panel";
import { FormPage, type FormPageProps } from "./form-page";

export type FinanceFormPageProps = FormPageProps & {
  ctx: SiteContext;
  /** the calculator's terms, and the figures it starts from */
  terms: FinanceSettings;
  quote?: FinanceQuoteInput;
  /** the site takes no finance applications online: the calculator stays, the form gives way to a call */
  noApplications?: boolean;
};

/** A finance form page (/finance, /finance-pre-approval): the calculator above the form. */
export function FinanceFormPage({ ctx, terms, quote, noApplications = false, ...form }: FinanceFormPageProps) {
  return (
    <FormPage
      {...form}
      calculator={<FinancePanel ctx={ctx} terms={terms} initial={quote} publish={!noApplications} />}
      instead={noApplications ? <NoFinanceApplications ctx={ctx} /> : undefined}
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
