import type { Metadata } from "next";
import Link from "next/link";
import { ContentFrame } from "@/components/content/content-views";
import { ModelCards } from "@/components/content/model-views";
import { requestNow } from "@/server/base/clock";
import { modelRange } from "@/server/content/service";
import { contentMetadata } from "../_routes/content";
import { requireSite, type SiteParams } from "../_routes/site";

type Props = { params: SiteParams };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const ctx = await requireSite(params, "/models");
  return contentMetadata(ctx, {
    title: "Models",
    description: `Every model in stock at ${ctx.site.name}, by brand, with the lowest price we are asking for each.`,
    path: "/models",
  });
}

// GET /models — the range per brand, each model with its stock count and the "from" price computed from stock
export default async function ModelsPage({ params }: Props) {
  const ctx = await requireSite(params, "/models");
  const range = await modelRange(ctx, requestNow());
  return (
    <ContentFrame
      ctx={ctx}
      crumbs={[{ label: "Models", href: "/models" }]}
      title="Models"
      width="wide"
      lead="Our range by brand. Prices are the lowest we are asking for each model in stock today."
    >
      {range.length === 0 && (
        <p className="mt-6 text-neutral-700">
          We have nothing in stock right now.{" "}
          <Link href="/contact" className="font-semibold underline">
            Tell us what you are looking for
          </Link>
          .
        </p>
      )}
      {range.map((b) => (
        <section key={b.brand} aria-labelledby={`range-${b.slug}`} className="mt-8">
          <h2 id={`range-${b.slug}`} className="text-2xl font-bold">
            {ctx.brands.some((x) => x.slug === b.slug) ? (
              <Link href={`/brands/${b.slug}`} className="hover:underline">
                {b.brand}
              </Link>
            ) : (
              b.brand
            )}
          </h2>
          <ModelCards models={b.models} noun={ctx.noun} />
        </section>
      ))}
    </ContentFrame>
  );
}
