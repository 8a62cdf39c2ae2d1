import type { Metadata } from "next";
import Link from "next/link";
import { buttonVariants } from "@/components/ui/button";
import { PageSection, PageTitle } from "@/components/ui/page";
import { CALL_BACK_HOURS, HOLD_MINUTES } from "@/domain/store/checkout";
import { pluralNoun } from "@/domain/stock/summary";
import { nounInText, oneNounInText } from "@/domain/site/vehicle";
import { depositLabel } from "@/server/store/checkout-service";
import { contentMetadata } from "../_routes/content";
import { requireSite, type SiteParams } from "../_routes/site";

export async function generateMetadata({ params }: { params: SiteParams }): Promise<Metadata> {
  const ctx = await requireSite(params, "/buy-online");
  return contentMetadata(ctx, {
    title: "Buy Online",
    description: `Reserve a ${oneNounInText(ctx.noun)} online at ${ctx.site.name} with a refundable ${depositLabel()} deposit.`,
    path: "/buy-online",
  });
}

// GET /buy-online — a link target of the store feature: how reserving online works
export default async function BuyOnlinePage({ params }: { params: SiteParams }) {
  const ctx = await requireSite(params, "/buy-online");
  const noun = oneNounInText(ctx.noun);
  const deposit = depositLabel();
  const steps = [
    [`Choose your ${noun}`, `Every ${noun} in stock with a price has a “Reserve online” button on its page.`],
    [
      `Pay a ${deposit} deposit`,
      `Give us your details and pay the deposit on our payment provider's secure page: we never see your card. Until you pay, the ${noun} is held for you for ${HOLD_MINUTES} minutes.`,
    ],
    [
      `The ${noun} is yours to see`,
      `Once paid, nobody else can reserve it. We call you within ${CALL_BACK_HOURS} hours on business days to arrange a test drive, finance and your trade-in.`,
    ],
    ["Fully refundable", `Change your mind before you sign a contract of sale and we refund the whole ${deposit}.`],
  ];
  return (
    <PageSection width="text" className="space-y-8">
      <div>
        <PageTitle>Buy online</PageTitle>
        <p className="mt-2 text-neutral-700">Reserve a {noun} from home in a few minutes, with a refundable deposit.</p>
      </div>
      <ol className="space-y-4">
        {steps.map(([title, text], i) => (
          <li key={title} className="flex gap-4">
            <span
              aria-hidden
              className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand font-bold text-brand-contrast"
            >
              {i + 1}
            </span>
            <div>
              <h2 className="font-bold">{title}</h2>
              <p className="text-neutral-700">{text}</p>
            </div>
          </li>
        ))}
      </ol>
      <Link href="/search/new-used-and-demo-cars" className={buttonVariants({ size: "lg" })}>
        Browse our {nounInText(pluralNoun(ctx.noun))}
      </Link>
    </PageSection>
  );
}
